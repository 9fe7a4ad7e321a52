/**
 * `npm run bench -w services/forum`: the forum under load through the gateway, on a seeded
 * database (100,000 discussions and 1,000,000 replies by default; BENCH_DISCUSSIONS and
 * BENCH_REPLIES change that).
 *
 * Auth, forum and gateway run as three processes, as in a cluster, against the PostgreSQL, NATS
 * and Redis of the environment: a fresh database (dropped at the end unless BENCH_KEEP=1), Redis
 * database 7, a NATS namespace (streams, durables, questions) and client addresses of the run's own, so nothing meets other runs.
 * Figures are printed against the targets of the issue, not asserted.
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
import { deleteNamespaceStreams } from '@crucible/platform/testing';
import { LIMITS } from '@crucible/proto';
import { searchPosts } from '../src/repositories/search.ts';
import { discussionId, seedForum, topicId, TOPICS, vocabulary } from './seed.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TAG = randomBytes(3).toString('hex');
const ADMIN_DATABASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
/** The run's own streams, durables and questions on the shared NATS. */
const NATS_NAMESPACE = `forum-bench-${TAG}`;
/** Its own Redis database: sessions and rate-limit counters of the run stay apart from everyone else's. */
const REDIS_URL = `${(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/7`;
const SIZE = {
  discussions: Number(process.env.BENCH_DISCUSSIONS ?? 100_000),
  replies: Number(process.env.BENCH_REPLIES ?? 1_000_000),
};
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TARGETS = { readP95Ms: 25, readRps: 1500, searchP95Ms: 60, uploadGrowthMb: 30 };
/** A documentation-prefix IPv6 address of this run (the gateway trusts X-Forwarded-For from loopback). */
const CLIENT_IP = `2001:db8:f0:${TAG.slice(0, 4)}::${randomBytes(2).toString('hex')}`;

/** The part of autocannon (which ships no types) used here, typed locally rather than declared for the whole program. */
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
  /** setupRequest gives every request a path of its own. */
  requests: { method: string; setupRequest: (request: Record<string, unknown>) => Record<string, unknown> }[];
}) => Cannon;

const say = (line: string) => console.log(line);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
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

interface Process {
  name: string;
  child: ChildProcess;
  url: string;
}

async function start(
  name: string,
  entry: string,
  port: number,
  env: Record<string, string>,
  logDir: string,
): Promise<Process> {
  const log = createWriteStream(join(logDir, `${name}.log`));
  // BENCH_PROFILE=<dir> writes a CPU profile of every service to that folder.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_PROFILE, name)}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, NATS_URL, NATS_NAMESPACE, REDIS_URL, LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  cleanups.push(() => stop(child));
  // Should the bench itself die, its services go with it.
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}; see ${join(logDir, `${name}.log`)}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { name, child, url };
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

/** CPU milliseconds per completed request of each process over a load: robust to a busy machine, unlike latency. */
async function cpuPerRequest<T extends { ok: number }>(
  processes: Process[],
  run: () => Promise<T>,
): Promise<T & { cpuMsPerRequest: Record<string, number> }> {
  const before = await Promise.all(processes.map((process) => cpuSeconds(process.child.pid!)));
  const figures = await run();
  const after = await Promise.all(processes.map((process) => cpuSeconds(process.child.pid!)));
  const cpuMsPerRequest = Object.fromEntries(
    processes.map((process, index) => [
      process.name,
      ((after[index]! - before[index]!) * 1000) / Math.max(1, figures.ok),
    ]),
  );
  return { ...figures, cpuMsPerRequest };
}

const cpuLine = (figures: { cpuMsPerRequest: Record<string, number> }) =>
  Object.entries(figures.cpuMsPerRequest)
    .map(([name, value]) => `${name} ${value.toFixed(2)} ms`)
    .join(', ');

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function api<T>(
  gateway: string,
  path: string,
  init: { method?: string; json?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${gateway}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      'x-forwarded-for': CLIENT_IP,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface LoadFigures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  ok: number;
  failed: number;
  /** Counts of the statuses other than 2xx, e.g. `{ "404": 3 }`. */
  refusals: Record<string, number>;
}

/** autocannon with a path chosen per request; p95 from every response's own time. */
async function load(
  url: string,
  token: string,
  connections: number,
  seconds: number,
  nextPath: () => string,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failed = 0;
  const refusals: Record<string, number> = {};
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': CLIENT_IP },
    requests: [
      { method: 'GET', setupRequest: (request: Record<string, unknown>) => ({ ...request, path: nextPath() }) },
    ],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
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
    p99: percentile(latencies, 0.99),
    ok: latencies.length,
    failed: failed + result.errors + result.timeouts,
    refusals: {
      ...refusals,
      ...(result.errors ? { errors: result.errors } : {}),
      ...(result.timeouts ? { timeouts: result.timeouts } : {}),
    },
  };
}

const random = (below: number) => Math.floor(Math.random() * below);

async function main(): Promise<void> {
  say(`forum bench ${TAG}: ${SIZE.discussions} discussions, ${SIZE.replies} replies, ${availableParallelism()} cores`);
  const databaseName = `forum_bench_${TAG}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  if (process.env.BENCH_KEEP !== '1') {
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await client.end();
    });
  }
  const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${databaseName}` }).toString();
  const workDir = await mkdtemp(join(tmpdir(), 'forum-bench-'));
  if (process.env.BENCH_KEEP !== '1') cleanups.push(() => rm(workDir, { recursive: true, force: true }));
  const usersConsumer = `bench_forum_users_${TAG}`;
  cleanups.push(() => deleteNamespaceStreams(NATS_NAMESPACE));

  const [authPort, forumPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
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
  const forum = await start(
    'forum',
    'services/forum/src/main.ts',
    forumPort,
    {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: gatewayUrl,
      DATA_DIR: join(workDir, 'data'),
      FORUM_USERS_CONSUMER: usersConsumer,
    },
    workDir,
  );
  const gateway = await start(
    'gateway',
    'gateway/src/main.ts',
    gatewayPort,
    {
      AUTH_URL: auth.url,
      FORUM_URL: forum.url,
      WEB_DIST_DIR: join(workDir, 'no-web'),
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000000',
    },
    workDir,
  );
  say(`  auth ${auth.url}, forum ${forum.url}, gateway ${gateway.url}; logs in ${workDir}`);

  say('  seeding');
  const seedStarted = performance.now();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: '-c search_path=forum' });
  cleanups.push(() => pool.end());
  const seeding = await pool.connect();
  try {
    await seedForum(seeding, SIZE, say);
  } finally {
    seeding.release();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  say(`  seeded in ${seedSeconds.toFixed(0)} s`);

  const email = `bench.${TAG}@bench.test`;
  const password = 'bench-password-1234';
  await api(gateway.url, '/api/auth/signup', { json: { email, password, firstName: 'Bench', lastName: 'Reader' } });
  await pool.query(`UPDATE auth.users SET access_level = 'Core' WHERE email = $1`, [email]);
  const { token } = await api<{ token: string }>(gateway.url, '/api/auth/signin', { json: { email, password } });

  const readPath = () => {
    const pick = random(3);
    if (pick === 0) return `/api/discussions?subcategoryId=${topicId(random(TOPICS))}&limit=20`;
    const id = discussionId(random(SIZE.discussions));
    return pick === 1 ? `/api/discussions/${id}` : `/api/discussions/${id}/replies?limit=20`;
  };
  say('  warming up (5 s)');
  await load(gateway.url, token, 50, 5, readPath);
  const reads = await cpuPerRequest([gateway, forum], () => load(gateway.url, token, 50, LOAD_SECONDS, readPath));
  // The same straight at the forum service: what the gateway hop costs.
  const direct = await cpuPerRequest([forum], () => load(forum.url, token, 50, LOAD_SECONDS, readPath));

  const words = vocabulary();
  const sorts = ['relevance', 'newest', 'oldest', 'popular'];
  const searchPath = () => `/api/search?query=${words[random(words.length)]}&sortBy=${sorts[random(sorts.length)]}`;
  await load(gateway.url, token, 10, 3, searchPath);
  const searchOne = await load(gateway.url, token, 1, 10, searchPath);
  const searchTen = await cpuPerRequest([forum], () => load(gateway.url, token, 10, LOAD_SECONDS, searchPath));

  const searchSql = await timeSearchSql(pool, searchPath);
  const upload = await measureUpload(gateway.url, token, [forum, gateway]);

  say('');
  say('Results');
  say(`  seeding ${SIZE.discussions} discussions + ${SIZE.replies} replies: ${seedSeconds.toFixed(0)} s`);
  say(
    `  reads through the gateway (topic page | discussion | its replies, random rows), 50 clients, ${LOAD_SECONDS} s:`,
  );
  say(
    `    ${reads.rps.toFixed(0)} req/s, p50 ${ms(reads.p50)}, p95 ${ms(reads.p95)}, p99 ${ms(reads.p99)}, ${reads.ok} ok, ${reads.failed} failed ${JSON.stringify(reads.refusals)}`,
  );
  say(
    `    target p95 < ${TARGETS.readP95Ms} ms: ${met(reads.p95 < TARGETS.readP95Ms)}; target >= ${TARGETS.readRps} req/s: ${met(reads.rps >= TARGETS.readRps)}`,
  );
  say(
    `    CPU per request: ${cpuLine(reads)}; machine load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  say(
    `    the same straight at the forum service: ${direct.rps.toFixed(0)} req/s, p50 ${ms(direct.p50)}, p95 ${ms(direct.p95)}, ${direct.failed} failed; CPU per request: ${cpuLine(direct)}`,
  );
  say(
    `  search (random vocabulary word, random sort), 1 client: p50 ${ms(searchOne.p50)}, p95 ${ms(searchOne.p95)}, ${searchOne.rps.toFixed(0)} req/s; target p95 < ${TARGETS.searchP95Ms} ms: ${met(searchOne.p95 < TARGETS.searchP95Ms)}`,
  );
  say(
    `  search, 10 clients: p50 ${ms(searchTen.p50)}, p95 ${ms(searchTen.p95)}, ${searchTen.rps.toFixed(0)} req/s, ${searchTen.failed} failed, CPU per request: ${cpuLine(searchTen)}; target p95 < ${TARGETS.searchP95Ms} ms: ${met(searchTen.p95 < TARGETS.searchP95Ms)}`,
  );
  say(
    `  search SQL alone (the service's query on its own connection, one at a time, 100 random queries): p50 ${ms(searchSql.p50)}, p95 ${ms(searchSql.p95)}`,
  );
  for (const line of upload) say(`  ${line}`);
}

/** The search query's own time in PostgreSQL, without the HTTP hops and the queueing in front of them. */
async function timeSearchSql(pool: pg.Pool, searchPath: () => string): Promise<{ p50: number; p95: number }> {
  const sql = async <Row>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as Row[];
  const durations: number[] = [];
  for (let index = 0; index < 100; index += 1) {
    const params = new URLSearchParams(searchPath().split('?')[1]);
    const started = performance.now();
    await searchPosts(sql, {
      query: params.get('query')!,
      sortBy: params.get('sortBy') as 'relevance',
      category: 'all',
      limit: 20,
      offset: 0,
      viewerLevel: 'Core',
    });
    durations.push(performance.now() - started);
  }
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) };
}

/**
 * A 50 MB attachment through the one-machine store: presigned PUT through the gateway to the
 * forum's disk router, then the record (which reads the stored bytes to check their type). The
 * RSS of the forum and gateway processes is sampled every 10 ms from before the upload to after the record.
 */
async function measureUpload(gatewayUrl: string, token: string, processes: Process[]): Promise<string[]> {
  const size = LIMITS.forum.attachmentMaxBytes;
  const body = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]));
  const ticket = await api<{ uploadURL: string; contentType: string; filePath: string }>(
    gatewayUrl,
    '/api/attachments/upload',
    { token, json: { fileName: 'big.pdf', mimeType: 'application/pdf', fileSize: size } },
  );
  const baseline = new Map<string, number>();
  for (const process of processes) baseline.set(process.name, await rssMb(process.child.pid!));
  /** The highest RSS of each process while `work` runs. */
  const peaksDuring = async <T>(
    work: () => Promise<T>,
  ): Promise<{ result: T; peak: Map<string, number>; ms: number }> => {
    const peak = new Map(baseline);
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        for (const process of processes)
          peak.set(process.name, Math.max(peak.get(process.name)!, await rssMb(process.child.pid!)));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    const result = await work();
    const ms = performance.now() - started;
    sampling = false;
    await sampler;
    return { result, peak, ms };
  };
  const put = await peaksDuring(() =>
    fetch(ticket.uploadURL, { method: 'PUT', headers: { 'content-type': ticket.contentType }, body }),
  );
  if (put.result.status !== 200)
    throw new Error(`the upload answered ${put.result.status}: ${await put.result.text()}`);
  const record = await peaksDuring(() =>
    api<{ fileSize: number }>(gatewayUrl, '/api/attachments', {
      token,
      json: { filePath: ticket.filePath, originalName: 'big.pdf', mimeType: 'application/pdf' },
    }),
  );
  return [
    `50 MB upload through the gateway to the disk store: PUT ${put.ms.toFixed(0)} ms, record (reads the stored bytes) ${record.ms.toFixed(0)} ms, ${record.result.fileSize} bytes`,
    ...processes.map((process) => {
      const before = baseline.get(process.name)!;
      const growth = Math.max(put.peak.get(process.name)!, record.peak.get(process.name)!) - before;
      return `  ${process.name} RSS ${before.toFixed(0)} MB, peak +${(put.peak.get(process.name)! - before).toFixed(1)} MB during the PUT, +${(record.peak.get(process.name)! - before).toFixed(1)} MB during the record; target < ${TARGETS.uploadGrowthMb} MB: ${met(growth < TARGETS.uploadGrowthMb)}`;
    }),
  ];
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
