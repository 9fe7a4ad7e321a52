/**
 * `npm run chaos`: the product as separate processes (each service and the gateway started by the
 * launcher with TARGETS=<one>), on a PostgreSQL cluster, NATS and Redis of the run's own (free
 * ports, temp dirs; the machine's shared servers on 5432/6379/4222 are never touched), under steady
 * traffic of several members, while faults are injected one after another. Figures are printed,
 * not asserted. See README.md for the faults, the figures and the settings.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { SERVICES, WEBSOCKET_PATH, WS_ACCEPTED_PROTOCOL, WS_AUTH_PROTOCOL_PREFIX } from '@crucible/proto';
import { benchEnv, freePorts, send, sleep, uniqueClientIp } from '@crucible/bench-kit';
import { LauncherProcess } from './processes.ts';
import { startNats, startPostgres, startRedis, type Store } from './stores.ts';
import { Traffic, type Member, type Write } from './traffic.ts';

/** CHAOS_SCALE=0.25 shortens every outage to a quarter (a quick run); 1 is the issue's durations. */
const SCALE = Number(process.env.CHAOS_SCALE ?? 1);
const seconds = (full: number) => Math.max(2, Math.round(full * SCALE)) * 1000;
const MEMBERS = Number(process.env.CHAOS_MEMBERS ?? 8);
const SOCKETS = Number(process.env.CHAOS_SOCKETS ?? 4);
const PG_RESTARTS = Number(process.env.CHAOS_PG_RESTARTS ?? 3);
const FAULTS = new Set(
  (process.env.CHAOS_FAULTS ?? 'postgres,redis,nats,rollout,frozen,targets,429,stop').split(',').map((f) => f.trim()),
);
/** The gateway's per-address limit in the run: low enough for one client to reach it, far above a member's traffic. */
const GATEWAY_IP_LIMIT = 300;
const PASSWORD = 'chaos-password-1234';
const SERVICE_NAMES = Object.keys(SERVICES) as (keyof typeof SERVICES)[];

const runStarted = performance.now();
const say = (text: string) =>
  console.log(`[${((performance.now() - runStarted) / 1000).toFixed(0).padStart(4)} s] ${text}`);

interface Row {
  fault: string;
  statuses: string;
  writes: string;
  lost: number;
  duplicates: number;
  sockets: string;
  recovery: string;
  crashes: string;
  notes: string;
}
const rows: Row[] = [];

const stores: Store[] = [];
const processes = new Map<string, LauncherProcess>();
let database: pg.Pool | undefined;
let traffic: Traffic | undefined;

async function cleanup(): Promise<void> {
  await traffic?.stop().catch(() => undefined);
  for (const process of [...processes.values()].reverse()) process.kill();
  await database?.end().catch(() => undefined);
  for (const store of stores.reverse()) await store.dispose().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    say(`${signal}: stopping everything the run started`);
    void cleanup().finally(() => process.exit(130));
  });

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'crucible-chaos-'));
  say(`logs in ${workDir}`);
  const postgres = await startPostgres();
  const nats = await startNats();
  const redis = await startRedis();
  stores.push(postgres, nats, redis);
  say(`own stores: PostgreSQL :${postgres.port}, NATS :${nats.port}, Redis :${redis.port}`);

  const admin = new pg.Client({ connectionString: postgres.url });
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query('CREATE DATABASE crucible');
  await admin.query('CREATE DATABASE crucible_one');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/crucible');
  database = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The harness's own pool lives through the PostgreSQL restarts it causes.
  database.on('error', () => undefined);

  const [gatewayPort, ...servicePorts] = await freePorts(1 + SERVICE_NAMES.length);
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const env = benchEnv(`chaos-${randomBytes(3).toString('hex')}`, {
    DATABASE_URL: databaseUrl,
    LOCAL_DATABASE_SERVER_URL: postgres.url,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    GATEWAY_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: gatewayUrl,
    PORT: String(gatewayPort),
    DATABASE_POOL_SIZE: '4',
    DATA_DIR: join(workDir, 'data'),
    WEB_DIST_DIR: join(workDir, 'no-web'),
    RATE_LIMIT_PER_IP_PER_MINUTE: String(GATEWAY_IP_LIMIT),
    RATE_LIMIT_SIGNIN_PER_IP: '100000',
    RATE_LIMIT_SIGNUP_PER_IP: '100000',
    DM_SENDS_PER_MINUTE: '10000',
    ...Object.fromEntries(
      SERVICE_NAMES.map((name, index) => [`${name.toUpperCase()}_PORT`, String(servicePorts[index])]),
    ),
    ...Object.fromEntries(
      SERVICE_NAMES.map((name, index) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${servicePorts[index]}`]),
    ),
  });
  for (const name of ['auth', ...SERVICE_NAMES.filter((name) => name !== 'auth'), 'gateway'])
    processes.set(name, new LauncherProcess(name, name, env, workDir));
  const started = performance.now();
  await processes.get('auth')!.start();
  await Promise.all(SERVICE_NAMES.filter((name) => name !== 'auth').map((name) => processes.get(name)!.start()));
  await processes.get('gateway')!.start();
  say(`8 launcher processes ready in ${((performance.now() - started) / 1000).toFixed(1)} s (gateway ${gatewayUrl})`);

  const members = await seedMembers(gatewayPort!, databaseUrl);
  const discussionId = await seedDiscussion(gatewayPort!, members[0]!);
  say(`${members.length} members (Core), one discussion; steady traffic with ${SOCKETS} sockets`);
  traffic = new Traffic(gatewayPort!, members, discussionId, gatewayUrl, SOCKETS);
  traffic.start();
  await sleep(5000);
  await settle('warm-up', 0);

  const restartable = async (fault: string, run: () => Promise<FaultOutcome>) => {
    if (!FAULTS.has(fault)) return;
    say(`--- ${fault}`);
    const crashesBefore = crashCounts();
    const outcome = await run();
    await report(outcome, crashesBefore);
    await restartCrashed();
  };

  await restartable('postgres', async () => {
    const label = `PostgreSQL restarted x${PG_RESTARTS} under writes (${seconds(5) / 1000} s down each)`;
    traffic!.phase = label;
    let lastUp = 0;
    for (let index = 0; index < PG_RESTARTS; index += 1) {
      await postgres.stop();
      await sleep(seconds(5));
      await postgres.start();
      lastUp = performance.now();
      await sleep(seconds(5));
    }
    return { label, liftedAt: lastUp, notes: '' };
  });

  await restartable('redis', async () => {
    const label = `Redis stopped ${seconds(40) / 1000} s`;
    traffic!.phase = label;
    await redis.stop();
    await sleep(seconds(40));
    await redis.start();
    return { label, liftedAt: performance.now(), notes: '' };
  });

  await restartable('nats', async () => {
    const label = `NATS stopped ${seconds(60) / 1000} s`;
    traffic!.phase = label;
    await nats.stop();
    await sleep(seconds(60));
    await nats.start();
    return { label, liftedAt: performance.now(), notes: '' };
  });

  await restartable('rollout', async () => {
    const label = 'realtime SIGTERM (rollout) and restart';
    traffic!.phase = label;
    const realtime = processes.get('realtime')!;
    const exitMs = await realtime.stop('SIGTERM');
    await realtime.start();
    return {
      label,
      liftedAt: performance.now(),
      notes: `realtime exited ${exitMs === undefined ? 'NOT within 30 s' : `in ${(exitMs / 1000).toFixed(1)} s`}`,
    };
  });

  await restartable('frozen', async () => {
    const label = `dm frozen (SIGSTOP) ${seconds(35) / 1000} s, then resumed`;
    traffic!.phase = label;
    const dm = processes.get('dm')!;
    dm.pause();
    await sleep(seconds(35));
    dm.resume();
    return { label, liftedAt: performance.now(), notes: 'unanswered sends resent with the same Idempotency-Key' };
  });

  await restartable('targets', async () => {
    const label = 'TARGETS=profile started while NATS is down';
    traffic!.phase = label;
    await nats.stop();
    const [extraPort] = await freePorts(1);
    const extra = new LauncherProcess(
      'profile-without-nats',
      'profile',
      { ...env, PROFILE_PORT: String(extraPort) },
      workDir,
    );
    const refusal = await extra.startExpectingRefusal();
    await nats.start();
    const message = refusal.lines.find((line) => /did not start/.test(line)) ?? refusal.lines.at(-1) ?? '';
    return {
      label,
      liftedAt: performance.now(),
      notes:
        refusal.code === null
          ? 'it STARTED (reported ready) without NATS'
          : `exit ${refusal.code} in ${(refusal.ms / 1000).toFixed(1)} s: "${message.slice(0, 160)}"`,
    };
  });

  await restartable('429', async () => {
    const label = `a client under 429 (gateway limit ${GATEWAY_IP_LIMIT}/min per address)`;
    traffic!.phase = label;
    const notes = await rateLimited(gatewayPort!, members[0]!);
    return { label, liftedAt: performance.now(), notes };
  });

  await traffic.stop();
  say(`--- acknowledged writes over the whole run`);
  const all = await checkWrites(traffic.writes);
  say(
    `${traffic.writes.filter((write) => write.acked).length} acknowledged (${traffic.unacked().length} never acknowledged), ` +
      `${all.lost} lost, ${all.duplicates} duplicates (${all.detail})`,
  );

  const stopNotes: string[] = [];
  if (FAULTS.has('stop')) {
    say('--- stopping with sockets open');
    stopNotes.push(await stopSeparate(gatewayPort!, members, gatewayUrl));
    stopNotes.push(await stopOneMachine(env, postgres.url.replace(/\/postgres$/, '/crucible_one'), workDir, nats));
  }

  printTable(stopNotes, all);
}

interface FaultOutcome {
  label: string;
  /** When the fault was lifted (the store or process back): recovery is timed from here. */
  liftedAt: number;
  notes: string;
}

function crashCounts(): Map<string, number> {
  return new Map([...processes].map(([name, process]) => [name, process.crashes]));
}

async function restartCrashed(): Promise<void> {
  for (const [name, process] of processes)
    if (!process.running) {
      say(`${name} is down: starting it again`);
      await process.start();
    }
}

/** Until a DM send and a read through the gateway both answer 2xx three times in a row: ms from `from`. */
async function recovered(port: number, member: Member, from: number, timeoutMs = 120_000): Promise<number | undefined> {
  let inARow = 0;
  while (inARow < 3) {
    if (performance.now() - from > timeoutMs) return undefined;
    const read = await send({
      port,
      path: '/api/direct-messages/conversations',
      headers: { authorization: `Bearer ${member.token}`, 'x-forwarded-for': member.ip },
      timeoutMs: 5000,
    }).catch(() => undefined);
    inARow = read && read.status === 200 ? inARow + 1 : 0;
    if (inARow < 3) await sleep(200);
  }
  return performance.now() - from;
}

/** Waits for the phase's resends to be acknowledged (or `timeoutMs`), then checks each acknowledged write. */
async function settle(
  phase: string,
  timeoutMs: number,
): Promise<{ lost: number; duplicates: number; detail: string; unacked: number }> {
  const deadline = performance.now() + timeoutMs;
  while (traffic!.unacked(phase).length > 0 && performance.now() < deadline) await sleep(250);
  const writes = traffic!.writes.filter((write) => write.phase === phase);
  const checked = await checkWrites(writes);
  return { ...checked, unacked: traffic!.unacked(phase).length };
}

/**
 * Each acknowledged write looked up by its id in its service's table, and every write's text
 * counted there: more than one row for a text is a duplicate (every write's text is unique).
 */
async function checkWrites(writes: Write[]): Promise<{ lost: number; duplicates: number; detail: string }> {
  const tables = { dm: 'dm.direct_messages', reply: 'forum.replies', chat: 'realtime.chat_messages' } as const;
  let lost = 0;
  let duplicates = 0;
  const detail: string[] = [];
  for (const kind of ['dm', 'reply', 'chat'] as const) {
    const ofKind = writes.filter((write) => write.kind === kind);
    if (ofKind.length === 0) continue;
    const { rows } = await database!.query<{ id: string; content: string }>(
      `SELECT id::text, content FROM ${tables[kind]} WHERE content = ANY($1)`,
      [ofKind.map((write) => write.content)],
    );
    const ids = new Set(rows.map((row) => row.id));
    const perContent = new Map<string, number>();
    for (const row of rows) perContent.set(row.content, (perContent.get(row.content) ?? 0) + 1);
    let kindLost = 0;
    let kindDuplicates = 0;
    for (const write of ofKind) {
      if (write.acked && (!write.ackedId || !ids.has(write.ackedId))) kindLost += 1;
      kindDuplicates += Math.max(0, (perContent.get(write.content) ?? 0) - 1);
    }
    lost += kindLost;
    duplicates += kindDuplicates;
    const unanswered = ofKind.filter((write) => !write.acked && !write.refused);
    detail.push(
      `${kind} ${ofKind.filter((write) => write.acked).length}/${ofKind.length} acked` +
        `${kindLost ? `, ${kindLost} lost` : ''}${kindDuplicates ? `, ${kindDuplicates} dup` : ''}` +
        `${unanswered.length ? `, never acked (last answer ${tally(unanswered.map((write) => write.lastStatus ?? 'none'))})` : ''}`,
    );
  }
  return { lost, duplicates, detail: detail.join('; ') };
}

const tally = (values: (string | number)[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return (
    [...counts]
      .sort()
      .map(([value, count]) => `${value}:${count}`)
      .join(' ') || '-'
  );
};

async function report(outcome: FaultOutcome, crashesBefore: Map<string, number>): Promise<void> {
  const { label } = outcome;
  const recovery = await recovered(traffic!.gatewayPort, traffic!.members[0]!, outcome.liftedAt);
  const socketsBack = await traffic!.socketsBack(60_000);
  const liftedToSockets = socketsBack === undefined ? undefined : performance.now() - outcome.liftedAt;
  // The next fault's traffic counts under its own name from here; this one's resends go on.
  traffic!.phase = `${label} (after)`;
  const checked = await settle(label, 90_000);
  const requests = traffic!.requests.filter((request) => request.phase === label);
  const writes = traffic!.writes.filter((write) => write.phase === label);
  const closes = traffic!.closes.filter((close) => close.phase === label);
  const reconnects = traffic!.reconnects.filter((entry) => entry.phase === label || entry.phase === `${label} (after)`);
  const crashed = [...processes]
    .map(([name, process]) => [name, process.crashes - (crashesBefore.get(name) ?? 0)] as const)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${name} x${count}`);
  const row: Row = {
    fault: label,
    statuses: tally(requests.map((request) => request.status)),
    writes:
      `${writes.filter((write) => write.acked).length}/${writes.length} acked` +
      `${checked.unacked ? `, ${checked.unacked} never` : ''}` +
      `${writes.some((write) => write.refused) ? `, refused ${tally(writes.flatMap((write) => write.refused ?? []))}` : ''}`,
    lost: checked.lost,
    duplicates: checked.duplicates,
    sockets: `closed ${tally(closes.map((close) => close.code))}; reconnected ${reconnects.length}`,
    recovery:
      `API ${recovery === undefined ? '>120 s' : `${(recovery / 1000).toFixed(1)} s`}, ` +
      `sockets ${liftedToSockets === undefined ? 'not all back' : `${(Math.max(0, liftedToSockets) / 1000).toFixed(1)} s`}`,
    crashes: crashed.join(', ') || 'none',
    notes: outcome.notes,
  };
  rows.push(row);
  say(`requests by status: ${row.statuses}`);
  say(`writes: ${row.writes}; lost ${row.lost}; duplicates ${row.duplicates} (${checked.detail})`);
  say(`sockets: ${row.sockets}; recovery: ${row.recovery}; processes crashed: ${row.crashes}`);
  if (row.notes) say(row.notes);
}

async function seedMembers(port: number, databaseUrl: string): Promise<Member[]> {
  const ip = uniqueClientIp();
  const tag = randomBytes(3).toString('hex');
  const members: Member[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on('error', () => undefined);
  try {
    for (let index = 0; index < MEMBERS; index += 1) {
      const email = `chaos${index}.${tag}@chaos.crucible.test`;
      const signup = await send({
        port,
        path: '/api/auth/signup',
        headers: { 'x-forwarded-for': ip },
        json: { email, password: PASSWORD, firstName: 'Chaos', lastName: `Member${index}` },
      });
      if (signup.status >= 300) throw new Error(`sign-up answered ${signup.status}: ${signup.body}`);
      await pool.query(`UPDATE auth.users SET access_level = 'Core', email_verified = true WHERE email = $1`, [email]);
      const signin = await send({
        port,
        path: '/api/auth/signin',
        headers: { 'x-forwarded-for': ip },
        json: { email, password: PASSWORD },
      });
      if (signin.status !== 200) throw new Error(`sign-in answered ${signin.status}: ${signin.body}`);
      const { rows } = await pool.query<{ id: string }>(`SELECT id FROM auth.users WHERE email = $1`, [email]);
      members.push({
        id: rows[0]!.id,
        email,
        token: (JSON.parse(signin.body) as { token: string }).token,
        ip: uniqueClientIp(),
      });
    }
  } finally {
    await pool.end();
  }
  return members;
}

async function seedDiscussion(port: number, author: Member): Promise<string> {
  const { rows } = await database!.query<{ id: string }>(
    `INSERT INTO forum.subcategories (id, name, description, category, slug, access_level)
     VALUES (gen_random_uuid(), 'Chaos', 'Replies of the chaos run', 'Core', 'chaos', 'Core') RETURNING id::text`,
  );
  const created = await send({
    port,
    path: '/api/discussions',
    headers: { authorization: `Bearer ${author.token}`, 'x-forwarded-for': author.ip },
    json: {
      title: 'Chaos run',
      content: 'Replies arrive here during the faults.',
      category: 'Core',
      subcategoryId: rows[0]!.id,
    },
  });
  if (created.status !== 201) throw new Error(`creating the discussion answered ${created.status}: ${created.body}`);
  return (JSON.parse(created.body) as { id: string }).id;
}

/**
 * One tab's address flooded past the gateway's per-address limit: how many requests until the first
 * 429, whether it says Retry-After, and how a client that waits as told gets through.
 */
async function rateLimited(port: number, member: Member): Promise<string> {
  const ip = uniqueClientIp();
  const ask = () =>
    send({
      port,
      path: '/api/auth/user',
      headers: { authorization: `Bearer ${member.token}`, 'x-forwarded-for': ip },
      timeoutMs: 5000,
    }).catch(() => undefined);
  let sent = 0;
  let first429: Awaited<ReturnType<typeof ask>>;
  while (!first429 && sent < GATEWAY_IP_LIMIT * 3) {
    const replies = await Promise.all(Array.from({ length: 10 }, ask));
    sent += replies.length;
    first429 = replies.find((reply) => reply?.status === 429);
  }
  if (!first429) return `no 429 after ${sent} requests`;
  const retryAfter = first429.headers['retry-after'];
  // The client as the web app behaves: it waits as Retry-After says, then asks once.
  const waitedFrom = performance.now();
  let polite = 0;
  for (;;) {
    polite += 1;
    const reply = await ask();
    if (reply?.status === 200) break;
    const wait = Number(reply?.headers['retry-after'] ?? 5);
    if (performance.now() - waitedFrom > 90_000)
      return `429 after ${sent}; Retry-After ${retryAfter}; not through in 90 s`;
    await sleep(Math.min(wait, 60) * 1000);
  }
  return (
    `429 after ~${sent} requests; Retry-After: ${retryAfter ?? 'MISSING'} s; a client waiting as told got through ` +
    `after ${polite} requests in ${((performance.now() - waitedFrom) / 1000).toFixed(0)} s`
  );
}

/** A socket opened for the stop measurements: its close code, or undefined while open. */
function openSocket(port: number, member: Member, origin: string): Promise<{ closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}${WEBSOCKET_PATH}`,
      [WS_ACCEPTED_PROTOCOL, `${WS_AUTH_PROTOCOL_PREFIX}${Buffer.from(member.token).toString('base64url')}`],
      { origin, headers: { 'x-forwarded-for': member.ip } },
    );
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    socket.once('open', () => resolve({ closed }));
    socket.once('error', reject);
  });
}

/** The separate processes stopped with SIGTERM, the gateway and realtime first, with sockets open. */
async function stopSeparate(port: number, members: Member[], origin: string): Promise<string> {
  const sockets = await Promise.all(members.slice(0, SOCKETS).map((member) => openSocket(port, member, origin)));
  const startedAt = performance.now();
  const times: string[] = [];
  for (const name of ['realtime', 'gateway', ...SERVICE_NAMES.filter((name) => name !== 'realtime')]) {
    const ms = await processes.get(name)!.stop('SIGTERM');
    times.push(`${name} ${ms === undefined ? '>30 s' : `${(ms / 1000).toFixed(1)} s`}`);
  }
  const codes = await Promise.all(sockets.map((socket) => socket.closed));
  const line =
    `separate processes, SIGTERM with ${sockets.length} sockets open: all stopped in ` +
    `${((performance.now() - startedAt) / 1000).toFixed(1)} s (${times.join(', ')}); sockets closed ${tally(codes)}`;
  say(line);
  return line;
}

/** One-machine mode (TARGETS=all in one process) stopped with Ctrl-C (SIGINT) while sockets are open. */
async function stopOneMachine(
  baseEnv: NodeJS.ProcessEnv,
  databaseUrl: string,
  workDir: string,
  nats: Store,
): Promise<string> {
  const ports = await freePorts(1 + SERVICE_NAMES.length);
  const gatewayUrl = `http://127.0.0.1:${ports[0]}`;
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    DATABASE_URL: databaseUrl,
    PORT: String(ports[0]),
    PUBLIC_URL: gatewayUrl,
    NATS_URL: nats.url,
    NATS_NAMESPACE: `chaos-one-${randomBytes(3).toString('hex')}`,
    DATABASE_POOL_SIZE: '4',
    ...Object.fromEntries(SERVICE_NAMES.map((name, index) => [`${name.toUpperCase()}_PORT`, String(ports[index + 1])])),
  };
  for (const name of SERVICE_NAMES) delete env[`${name.toUpperCase()}_URL`];
  const product = new LauncherProcess('one-machine', 'all', env, workDir);
  processes.set('one-machine', product);
  await product.start();
  const ip = uniqueClientIp();
  const members: Member[] = [];
  for (let index = 0; index < SOCKETS; index += 1) {
    const email = `one${index}.${randomBytes(3).toString('hex')}@chaos.crucible.test`;
    const json = { email, password: PASSWORD };
    const signup = await send({
      port: ports[0]!,
      path: '/api/auth/signup',
      headers: { 'x-forwarded-for': ip },
      json: { ...json, firstName: 'One', lastName: `Machine${index}` },
    });
    if (signup.status >= 300) throw new Error(`one-machine sign-up answered ${signup.status}: ${signup.body}`);
    const signin = await send({ port: ports[0]!, path: '/api/auth/signin', headers: { 'x-forwarded-for': ip }, json });
    if (signin.status !== 200) throw new Error(`one-machine sign-in answered ${signin.status}: ${signin.body}`);
    members.push({ id: '', email, token: (JSON.parse(signin.body) as { token: string }).token, ip: uniqueClientIp() });
  }
  const sockets = await Promise.all(members.map((member) => openSocket(ports[0]!, member, gatewayUrl)));
  const ms = await product.stop('SIGINT');
  const codes = await Promise.all(sockets.map((socket) => socket.closed));
  const line =
    `one-machine mode (TARGETS=all), Ctrl-C with ${sockets.length} sockets open: ` +
    `${ms === undefined ? 'did NOT stop within 30 s' : `stopped in ${(ms / 1000).toFixed(1)} s`}; sockets closed ${tally(codes)}`;
  say(line);
  return line;
}

function printTable(stopNotes: string[], all: { lost: number; duplicates: number }): void {
  const header = [
    'fault',
    'requests by status during the fault',
    'writes',
    'lost',
    'dups',
    'sockets',
    'time to recovery',
    'crashed',
    'notes',
  ];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(
      (row) =>
        `| ${[row.fault, row.statuses, row.writes, row.lost, row.duplicates, row.sockets, row.recovery, row.crashes, row.notes].join(' | ')} |`,
    ),
  ];
  console.log(`\nChaos run (CHAOS_SCALE=${SCALE}, ${MEMBERS} members, ${SOCKETS} sockets):\n`);
  console.log(lines.join('\n'));
  console.log(`\nWhole run: ${all.lost} acknowledged writes lost, ${all.duplicates} duplicates.`);
  for (const note of stopNotes) console.log(`- ${note}`);
  if (traffic?.samples.size) {
    console.log('\nWhat each failing status said (first answer of each):');
    for (const [key, body] of traffic.samples) console.log(`  ${key}: ${body}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(`chaos run failed: ${(error as Error).stack ?? String(error)}`);
  for (const [name, process] of processes)
    if (process.tail.length) console.error(`--- ${name} (last lines)\n  ${process.tail.slice(-8).join('\n  ')}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
