/**
 * `npm run bench -w services/dm`: direct messages under load through the gateway, on a seeded
 * database (1,000,000 messages across 10,000 conversations by default; BENCH_MESSAGES and
 * BENCH_CONVERSATIONS change that; one member has BENCH_HUB_CONVERSATIONS (500) of them).
 *
 * Auth, dm and gateway run as three processes, as in a cluster, against the PostgreSQL, NATS and
 * Redis of the environment: a fresh database (dropped at the end unless BENCH_KEEP=1), Redis
 * database 7, a request-reply prefix and durable names of the run, so nothing meets other runs.
 * Figures are printed against the issue's targets, not asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { conversationRepository } from '../src/repositories/conversations.ts';
import { messageRepository } from '../src/repositories/messages.ts';
import { seededUserSql, seedMessages } from './seed.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TAG = randomBytes(3).toString('hex');
const ADMIN_DATABASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = `${(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/7`;
const SIZE = {
  messages: Number(process.env.BENCH_MESSAGES ?? 1_000_000),
  conversations: Number(process.env.BENCH_CONVERSATIONS ?? 10_000),
  hubConversations: Number(process.env.BENCH_HUB_CONVERSATIONS ?? 500),
};
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SENDERS = 10;
const TARGETS = { listP95Ms: 30, pageP95Ms: 15, sendsPerSecond: 300 };
const CLIENT_IP = `2001:db8:d1:${TAG.slice(0, 4)}::${randomBytes(2).toString('hex')}`;

/** The part of autocannon (which ships no types) used here. */
interface Cannon extends PromiseLike<{ duration: number; errors: number; timeouts: number }> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
  ): this;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: { method: string; setupRequest: (request: Record<string, unknown>) => Record<string, unknown> }[];
}) => Cannon;

const say = (line: string) => console.log(line);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const random = (below: number) => Math.floor(Math.random() * below);
const cleanups: (() => Promise<unknown>)[] = [];

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? Number.NaN;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function start(
  name: string,
  entry: string,
  port: number,
  env: Record<string, string>,
  logDir: string,
): Promise<{ name: string; child: ChildProcess; url: string }> {
  const log = createWriteStream(join(logDir, `${name}.log`));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NATS_URL,
      REDIS_URL,
      NATS_NAMESPACE: `dm-bench-${TAG}`,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  cleanups.push(() => stop(child));
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}; see ${join(logDir, `${name}.log`)}`);
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { name, child, url };
    if (Date.now() > deadline) throw new Error(`${name} did not become ready in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** CPU seconds (user + system) a process has used so far. */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

type Process = Awaited<ReturnType<typeof start>>;

/** CPU milliseconds per completed request of each process over a load: robust to a busy machine, unlike latency. */
async function cpuPerRequest(
  processes: Process[],
  run: () => Promise<LoadFigures>,
): Promise<LoadFigures & { cpu: string }> {
  const before = await Promise.all(processes.map((process) => cpuSeconds(process.child.pid!)));
  const figures = await run();
  const after = await Promise.all(processes.map((process) => cpuSeconds(process.child.pid!)));
  const cpu = processes
    .map(
      (process, index) =>
        `${process.name} ${(((after[index]! - before[index]!) * 1000) / Math.max(1, figures.ok)).toFixed(2)} ms`,
    )
    .join(', ');
  return { ...figures, cpu };
}

/** A query's own time in PostgreSQL (the service's repository call on one connection, one at a time). */
async function sqlTimes(run: () => Promise<unknown>, times = 100): Promise<{ p50: number; p95: number }> {
  const durations: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) };
}

async function api<T>(gateway: string, path: string, init: { json?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(`${gateway}${path}`, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers: {
      'x-forwarded-for': CLIENT_IP,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface LoadFigures {
  rps: number;
  p50: number;
  p95: number;
  ok: number;
  failed: number;
  refusals: Record<string, number>;
}

/** autocannon with each request chosen by `next`; p95 from every response's own time. */
async function load(
  url: string,
  connections: number,
  seconds: number,
  next: () => { method: string; path: string; token: string; body?: string },
): Promise<LoadFigures> {
  const latencies: number[] = [];
  const refusals: Record<string, number> = {};
  let failed = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'x-forwarded-for': CLIENT_IP },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const chosen = next();
          return {
            ...request,
            method: chosen.method,
            path: chosen.path,
            body: chosen.body,
            headers: {
              ...(request.headers as object),
              authorization: `Bearer ${chosen.token}`,
              ...(chosen.body ? { 'content-type': 'application/json' } : {}),
            },
          };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else {
      failed += 1;
      refusals[statusCode] = (refusals[statusCode] ?? 0) + 1;
    }
  });
  const result = await instance;
  return {
    rps: latencies.length / result.duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    ok: latencies.length,
    failed: failed + result.errors + result.timeouts,
    refusals,
  };
}

const line = (name: string, figures: LoadFigures) =>
  `${name}: ${figures.rps.toFixed(0)} req/s, p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, ${figures.ok} ok, ${figures.failed} failed ${JSON.stringify(figures.refusals)}`;

async function main(): Promise<void> {
  say(
    `dm bench ${TAG}: ${SIZE.messages} messages across ${SIZE.conversations} conversations, ${availableParallelism()} cores`,
  );
  const databaseName = `dm_bench_${TAG}`;
  const maintenance = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await maintenance.connect();
  await maintenance.query(`CREATE DATABASE ${databaseName}`);
  await maintenance.end();
  if (process.env.BENCH_KEEP !== '1') {
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await client.end();
    });
  }
  const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${databaseName}` }).toString();
  const workDir = await mkdtemp(join(tmpdir(), 'dm-bench-'));
  if (process.env.BENCH_KEEP !== '1') cleanups.push(() => rm(workDir, { recursive: true, force: true }));
  const usersConsumer = `bench_dm_users_${TAG}`;
  cleanups.push(() => deleteDurable(usersConsumer));

  const [authPort, dmPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const auth = await start(
    'auth',
    'services/auth/src/main.ts',
    authPort,
    {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: gatewayUrl,
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '1000',
    },
    workDir,
  );
  const dm = await start(
    'dm',
    'services/dm/src/main.ts',
    dmPort,
    { DATABASE_URL: databaseUrl, DM_USERS_CONSUMER: usersConsumer },
    workDir,
  );
  const gateway = await start(
    'gateway',
    'gateway/src/main.ts',
    gatewayPort,
    {
      AUTH_URL: auth.url,
      DM_URL: dm.url,
      WEB_DIST_DIR: join(workDir, 'no-web'),
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000000',
    },
    workDir,
  );
  say(`  auth ${auth.url}, dm ${dm.url}, gateway ${gateway.url}; logs in ${workDir}`);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, options: '-c search_path=dm' });
  cleanups.push(() => pool.end());
  const members = await Promise.all(
    Array.from({ length: SENDERS + 1 }, async (_, index) => {
      const email = `bench.${TAG}.${index}@bench.test`;
      const password = 'bench-password-1234';
      await api(gateway.url, '/api/auth/signup', {
        json: { email, password, firstName: 'Bench', lastName: `No. ${index}` },
      });
      const { token } = await api<{ token: string }>(gateway.url, '/api/auth/signin', { json: { email, password } });
      const [row] = (await pool.query<{ id: string }>(`SELECT id FROM auth.users WHERE email = $1`, [email])).rows;
      return { id: row!.id, token };
    }),
  );
  const [hub, ...senders] = members as [(typeof members)[0], ...typeof members];
  // dm learns of them from auth's events.
  while (
    Number(
      (await pool.query(`SELECT count(*) FROM users WHERE id = ANY($1::uuid[])`, [members.map((member) => member.id)]))
        .rows[0].count,
    ) < members.length
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  say('  seeding');
  const seedStarted = performance.now();
  const seeding = await pool.connect();
  try {
    await seedMessages(seeding, SIZE, hub.id, say);
  } finally {
    seeding.release();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  say(`  seeded in ${seedSeconds.toFixed(0)} s`);
  const partners = (
    await pool.query<{ id: string }>(`SELECT ${seededUserSql('i')} AS id FROM generate_series(1, $1::int) AS i`, [
      SIZE.hubConversations,
    ])
  ).rows.map((row) => row.id);

  const list = () => ({ method: 'GET', path: '/api/direct-messages/conversations', token: hub.token });
  const messagePage = () => ({
    method: 'GET',
    path: `/api/direct-messages/${partners[random(partners.length)]}/messages?limit=50`,
    token: hub.token,
  });
  await load(gateway.url, 4, 3, list);
  // One client is the member of the targets; more show how it holds under concurrency.
  const listOne = await load(gateway.url, 1, LOAD_SECONDS, list);
  const lists = await cpuPerRequest([gateway, dm], () => load(gateway.url, 4, LOAD_SECONDS, list));
  await load(gateway.url, 10, 3, messagePage);
  const pageOne = await load(gateway.url, 1, LOAD_SECONDS, messagePage);
  const pages = await cpuPerRequest([gateway, dm], () => load(gateway.url, 10, LOAD_SECONDS, messagePage));
  const sql = async <Row>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as Row[];
  const listSql = await sqlTimes(() => conversationRepository.listOf(sql, hub.id));
  const pageSql = await sqlTimes(() =>
    messageRepository.pageOfPair(sql, hub.id, partners[random(partners.length)]!, 51, undefined),
  );

  // Each sender writes to the hub's partners, well inside its quota.
  const send = () => {
    const sender = senders[random(senders.length)]!;
    const body = JSON.stringify({
      content: `bench message ${randomBytes(12).toString('hex')}`,
      recipientId: partners[random(partners.length)],
    });
    return { method: 'POST', path: '/api/direct-messages', token: sender.token, body };
  };
  const sends = await cpuPerRequest([gateway, dm, auth], () => load(gateway.url, 50, LOAD_SECONDS, send));
  const drift = (
    await pool.query(
      `SELECT q.user_id FROM message_quotas q
     WHERE q.used_bytes > q.max_bytes OR q.used_bytes <> (SELECT COALESCE(SUM(m.message_size_bytes), 0) FROM direct_messages m
       WHERE m.sender_id = q.user_id AND NOT m.is_deleted_by_sender AND NOT m.is_deleted_by_recipient AND NOT m.is_deleted_by_admin)`,
    )
  ).rows;
  const sentBySenders = Number(
    (
      await pool.query(`SELECT count(*) FROM direct_messages WHERE sender_id = ANY($1::uuid[])`, [
        senders.map((sender) => sender.id),
      ])
    ).rows[0].count,
  );

  say('');
  say('Results');
  say(`  seeding ${SIZE.messages} messages across ${SIZE.conversations} conversations: ${seedSeconds.toFixed(0)} s`);
  say(
    `  ${line(`conversation list of a member with ${SIZE.hubConversations} conversations, 1 client`, listOne)}; target p95 < ${TARGETS.listP95Ms} ms: ${met(listOne.p95 < TARGETS.listP95Ms)}`,
  );
  say(`  ${line('the same, 4 clients', lists)}`);
  say(`    CPU per request: ${lists.cpu}; its SQL alone: p50 ${ms(listSql.p50)}, p95 ${ms(listSql.p95)}`);
  say(
    `  ${line('message page (50, random conversation of that member), 1 client', pageOne)}; target p95 < ${TARGETS.pageP95Ms} ms: ${met(pageOne.p95 < TARGETS.pageP95Ms)}`,
  );
  say(`  ${line('the same, 10 clients', pages)}`);
  say(`    CPU per request: ${pages.cpu}; its SQL alone: p50 ${ms(pageSql.p50)}, p95 ${ms(pageSql.p95)}`);
  say(
    `  ${line(`sends through the gateway, ${SENDERS} senders, 50 clients`, sends)}; target >= ${TARGETS.sendsPerSecond}/s: ${met(sends.rps >= TARGETS.sendsPerSecond)}`,
  );
  say(`    CPU per request: ${sends.cpu}`);
  say(`  messages stored for the senders: ${sentBySenders} (the load's ${sends.ok} successful sends)`);
  say(
    `  quotas after the sends: ${drift.length === 0 ? 'exact (every used_bytes equals its live bytes, none above max)' : `${drift.length} members drifted`}`,
  );
  say(
    `  machine load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
}

async function deleteDurable(durable: string): Promise<void> {
  const connection = await connect({ servers: NATS_URL });
  try {
    await (await jetstreamManager(connection)).consumers.delete('AUTH', durable).catch(() => false);
  } finally {
    await connection.close();
  }
}

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.reverse())
    await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  cleanups.length = 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
