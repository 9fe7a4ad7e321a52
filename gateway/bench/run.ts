/**
 * `npm run bench`: gateway overhead, sign-in throughput, rate limits under a flood, cold start.
 * Figures are printed, not asserted. Every product runs on a fresh `bench_<random>` database and
 * sends its traffic from per-run client addresses (X-Forwarded-For, see client.ts), so nothing
 * collides with other runs on the shared PostgreSQL, Redis and NATS. Everything started is stopped
 * and every database dropped, also on Ctrl-C and on errors (cleanup.ts; reaper.mjs if this process
 * is killed outright).
 *
 * BENCH_PARTS=3,4 runs only some parts (1 and 2 share a product); BENCH_ADMIN_DATABASE_URL names the
 * PostgreSQL server to create the databases on (default postgresql://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deleteNamespaceStreams } from '@crucible/test-kit';
import {
  cannon,
  compareLoads,
  createFreshDatabase,
  createReport,
  describeLoad,
  finishCleanup,
  flood,
  freePorts,
  HIGH_RATE_LIMITS,
  HOST,
  installCleanupHandlers,
  keyErrorLine,
  REPO_ROOT,
  runCleanup,
  send,
  sequentialLatency,
  sleep,
  startProduct,
  uniqueClientIp,
  uniqueEmail,
  benchEnv,
  type BenchDatabase,
  type CannonFigures,
  type Reply,
  type RunningProduct,
  type StopResult,
} from '@crucible/bench-kit';
import { SERVICES } from '@crucible/proto';

const ROOT = REPO_ROOT;
const TSX_CLI = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const LAUNCHER = 'services/launcher/src/main.ts';
const WEB_INDEX = join(ROOT, 'web/dist/index.html');
const RUN_TAG = randomBytes(3).toString('hex');
const PASSWORD = 'bench-password-1234';

const DEFAULTS = { signinPerIp: 100, signinPerAccount: 10, gatewayPerIpPerMinute: 1200 };

const summary: string[] = [];
const report = createReport('gateway bench');
const observations: string[] = [];
const usedIps = new Set<string>();
const usedEmails = new Set<string>();
const benchStarted = performance.now();

const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const elapsed = () => `${fmt((performance.now() - benchStarted) / 1000, 1)} s`;
const say = (text: string) => console.log(text);
const figure = (key: string, value: string) => summary.push(`${key}: ${value}`);
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

function clientIp(): string {
  const ip = uniqueClientIp();
  usedIps.add(ip);
  return ip;
}

function email(label: string): string {
  const address = uniqueEmail(label, RUN_TAG);
  usedEmails.add(address);
  return address;
}

/**
 * A free port for the gateway and for every service the launcher may run (`<NAME>_PORT`), so the
 * product never meets another one on the default ports. Returns the env and the two ports used here.
 */
async function portsEnv(): Promise<{ env: Record<string, string>; port: number; authPort: number }> {
  const names = Object.keys(SERVICES);
  const [port, ...servicePorts] = (await freePorts(1 + names.length)) as [number, ...number[]];
  const env: Record<string, string> = { PORT: String(port) };
  names.forEach((name, index) => (env[`${name.toUpperCase()}_PORT`] = String(servicePorts[index])));
  return { env, port, authPort: Number(env.AUTH_PORT) };
}

/** The run's NATS_NAMESPACE (streams, durables, questions, cache keys): products of other runs never see this one's. */
const NAMESPACE = `bench-${RUN_TAG}`;

/** The product's environment: the caller's, minus what would change the picture, plus the run's own. */
function productEnv(overrides: Record<string, string>, limits: 'default' | 'high'): NodeJS.ProcessEnv {
  return benchEnv(NAMESPACE, { ...(limits === 'high' ? HIGH_RATE_LIMITS : {}), ...overrides });
}

async function startLauncher(label: string, database: BenchDatabase, limits: 'default' | 'high') {
  const attempt = async (targets?: string) => {
    const { env: ports, port, authPort } = await portsEnv();
    const product = await startProduct({
      label: targets ? `${label}, TARGETS=${targets}` : label,
      command: process.execPath,
      args: [TSX_CLI, LAUNCHER],
      cwd: ROOT,
      env: productEnv({ ...ports, DATABASE_URL: database.url, ...(targets ? { TARGETS: targets } : {}) }, limits),
      gatewayPort: port,
      readyTimeoutMs: 60_000,
    });
    say(
      `  started in ${fmt(product.readyLineMs)} ms (launcher says ${product.launcherStartMs} ms); gateway :${port}, auth :${authPort}${targets ? `; TARGETS=${targets}` : ''}`,
    );
    for (const line of product.lines.filter((entry) => entry.stream === 'stdout').slice(0, 12))
      say(`    | ${line.text}`);
    return { product, port, authPort };
  };
  try {
    return await attempt();
  } catch (error) {
    // What these parts measure needs only auth and the gateway: say why the whole product did not
    // start, then measure those two.
    const message = (error as Error).message;
    say(`  !! the whole product did not start:\n${message}\n  -> measuring with TARGETS=auth,gateway instead`);
    const key = keyErrorLine(message);
    figure(`start-failure (${label})`, `${key} -> measured with TARGETS=auth,gateway`);
    observations.push(`${label}: the whole product did not start (${key}); measured with TARGETS=auth,gateway`);
    return attempt('auth,gateway');
  }
}

/**
 * The node process that runs the product: the deepest descendant of the spawned one (tsx's command
 * line starts the program in a child process).
 */
function productProcess(pid: number): number {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(entry)] : [];
      } catch {
        return [];
      }
    });
  return children.length ? productProcess(children[0]!) : pid;
}

function collectProblems(product: RunningProduct): void {
  const problems = product.problems();
  if (!problems.size) return;
  say(`  ${product.label} wrote at warn level or above / to stderr:`);
  for (const [message, count] of problems) {
    say(`    ${count}x ${message}`);
    observations.push(`${product.label}: ${count}x ${message}`);
  }
}

function describeStop(result: StopResult): string {
  const exit = result.exitedInTime
    ? `exited after ${fmt(result.ms)} ms with ${result.signal ? `signal ${result.signal} (a shell shows 130)` : `code ${result.code}`}`
    : 'did NOT exit within 10 s';
  const tree =
    result.treeGoneMs !== undefined
      ? `whole process tree gone after ${fmt(result.treeGoneMs)} ms`
      : `${result.leftovers.length} process(es) LEFT: ${result.leftovers.join('; ')}`;
  const ok = result.exitedInTime && result.code === 0 && result.treeGoneMs !== undefined && result.treeGoneMs <= 10_000;
  return `${exit}; ${tree} (target: exit 0 within 10 s, nothing left: ${met(ok)})`;
}

async function stopAndReport(product: RunningProduct, key: string): Promise<StopResult> {
  const result = await product.stop();
  const text = describeStop(result);
  say(`  stopped with SIGINT to its process group (Ctrl-C): ${text}`);
  figure(key, text);
  if (!result.exitedInTime || result.code !== 0 || result.treeGoneMs === undefined)
    observations.push(`${product.label}: shutdown on SIGINT: ${text}`);
  collectProblems(product);
  return result;
}

function expectStatus(reply: Reply, status: number, what: string): void {
  if (reply.status !== status)
    throw new Error(`${what}: expected ${status}, got ${reply.status}: ${reply.body.slice(0, 500)}`);
}

/** Signs a new member up, then in: sign-up opens no session when it mails a verification link. */
async function signUp(port: number, ip: string, address: string): Promise<string> {
  const signedUp = await send({
    port,
    path: '/api/auth/signup',
    headers: { 'x-forwarded-for': ip },
    json: { email: address, password: PASSWORD, firstName: 'Bench', lastName: `Member ${RUN_TAG}` },
  });
  expectStatus(signedUp, 201, `sign-up of ${address}`);
  const signedIn = await send({
    port,
    path: '/api/auth/signin',
    headers: { 'x-forwarded-for': ip },
    json: { email: address, password: PASSWORD },
  });
  expectStatus(signedIn, 200, `sign-in of ${address}`);
  return (JSON.parse(signedIn.body) as { token: string }).token;
}

function describeCannon(figures: CannonFigures): string {
  const others = Object.entries(figures.statusCodes).filter(([code]) => !code.startsWith('2'));
  const extra = [
    others.length ? `non-2xx ${others.map(([code, count]) => `${code}x${count}`).join(',')}` : '',
    figures.errors ? `errors ${figures.errors}` : '',
    figures.timeouts ? `timeouts ${figures.timeouts}` : '',
  ].filter(Boolean);
  return `${fmt(figures.rps)} req/s (${figures.ok} x 2xx in ${fmt(figures.seconds, 1)} s; latency p50 ${figures.latencyP50} ms, p99 ${figures.latencyP99} ms${extra.length ? `; ${extra.join('; ')}` : ''})`;
}

/** How long one argon2id verify takes here, at the product's parameters (context for part 2). */
async function argon2VerifyMs(memoryKib: number, iterations: number): Promise<number | undefined> {
  try {
    const argon2 = await import('@node-rs/argon2');
    const options = { memoryCost: memoryKib, timeCost: iterations, parallelism: 1 };
    const stored = await argon2.hash(PASSWORD, options);
    const times: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      const started = performance.now();
      await argon2.verify(stored, PASSWORD);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[4];
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Parts 1 and 2: gateway overhead, then sign-in throughput, on one product with high limits.
// ---------------------------------------------------------------------------------------------
async function throughputParts(): Promise<void> {
  const dispatch = process.env.IN_PROCESS_DISPATCH === 'false' ? 'proxied over loopback' : 'handed over in process';
  say(`\n== 1. Gateway overhead (product with high rate limits; gateway -> auth ${dispatch}) [${elapsed()}]`);
  figure('gateway-dispatch', dispatch);
  const database = await createFreshDatabase();
  try {
    const { product, port, authPort } = await startLauncher('product (high limits)', database, 'high');
    const ip = clientIp();
    const member = email('member');
    const token = await signUp(authPort, ip, member);
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': ip };
    expectStatus(await send({ port: authPort, path: '/api/auth/user', headers }), 200, 'GET /api/auth/user direct');
    expectStatus(await send({ port, path: '/api/auth/user', headers }), 200, 'GET /api/auth/user through the gateway');

    // Straight to auth and through the gateway in alternating windows, so both meet the same
    // machine (a shared machine's load changes from second to second), after a warm-up of each.
    const pid = productProcess(product.pid);
    const side = (name: string, target: number) => ({
      name,
      spec: { url: `http://${HOST}:${target}`, connections: 20, headers, next: () => ({ path: '/api/auth/user' }) },
      cpu: [{ name: 'product', pid }],
    });
    await compareLoads([side('direct', authPort), side('gateway', port)], { rounds: 1, windowSeconds: 2 });
    const { direct, gateway: proxied } = await compareLoads([side('direct', authPort), side('gateway', port)], {
      rounds: 4,
      windowSeconds: 2,
    });
    say(`  direct to auth     ${describeLoad(direct!)}`);
    say(`  through gateway    ${describeLoad(proxied!)}`);
    const ratio = proxied!.rps / direct!.rps;
    const directCpu = direct!.cpuMsPerRequest.product!;
    const gatewayCpu = proxied!.cpuMsPerRequest.product!;
    const addedCpu = gatewayCpu - directCpu;
    say(
      `  process CPU per read: direct ${fmt(directCpu, 3)} ms, through the gateway ${fmt(gatewayCpu, 3)} ms, added ${fmt(addedCpu, 3)} ms`,
    );
    figure(
      'gateway-added-cpu-per-read',
      `${fmt(addedCpu, 3)} ms (direct ${fmt(directCpu, 3)}, via gateway ${fmt(gatewayCpu, 3)}; target <= 0.1 ms: ${met(addedCpu <= 0.1)})`,
    );
    report.figure('gateway-added-cpu-per-read', addedCpu, 'ms', { target: { below: 0.1 } });
    report.figure('gateway-throughput-ratio', ratio, 'x direct', {
      target: { atLeast: 0.9 },
      note: `GET /api/auth/user, 20 connections, alternating 4 x 2 s windows: ${fmt(proxied!.rps)} vs ${fmt(direct!.rps)} req/s`,
    });
    figure('gateway-direct-throughput', describeLoad(direct!));
    figure('gateway-proxied-throughput', describeLoad(proxied!));
    figure('gateway-throughput-ratio', `${fmt(ratio, 2)} (target >= 0.90: ${met(ratio >= 0.9)})`);
    if (direct!.failed || proxied!.failed)
      observations.push(
        `throughput runs had non-2xx or errors: direct ${JSON.stringify(direct!.refusals)}; gateway ${JSON.stringify(proxied!.refusals)}`,
      );

    const latency = await sequentialLatency(
      [
        { name: 'direct', port: authPort, path: '/api/auth/user', headers },
        { name: 'gateway', port, path: '/api/auth/user', headers },
      ],
      { warmup: 200, count: 2000, deadlineMs: 60_000 },
    );
    const d = latency.direct!;
    const g = latency.gateway!;
    const added = g.p50 - d.p50;
    say(`  sequential latency (${d.count} + ${g.count} requests, interleaved, keep-alive):`);
    say(
      `    direct  p50 ${fmt(d.p50, 3)} ms  p90 ${fmt(d.p90, 3)} ms  p99 ${fmt(d.p99, 3)} ms  statuses ${JSON.stringify(d.statuses)}`,
    );
    say(
      `    gateway p50 ${fmt(g.p50, 3)} ms  p90 ${fmt(g.p90, 3)} ms  p99 ${fmt(g.p99, 3)} ms  statuses ${JSON.stringify(g.statuses)}`,
    );
    figure('gateway-latency-p50-direct', `${fmt(d.p50, 3)} ms (p99 ${fmt(d.p99, 3)} ms, n=${d.count})`);
    figure('gateway-latency-p50-gateway', `${fmt(g.p50, 3)} ms (p99 ${fmt(g.p99, 3)} ms, n=${g.count})`);
    figure('gateway-latency-p50-added', `${fmt(added, 3)} ms (target < 1 ms: ${met(added < 1)})`);
    report.figure('gateway-latency-p50-added', added, 'ms', { target: { below: 1 } });

    say(`\n== 2. Sign-in throughput, straight to auth [${elapsed()}]`);
    const [row] = await database.query<{ password_hash: string }>(
      'select password_hash from auth.users where email = $1',
      [member],
    );
    const params = /\$argon2(\w+)\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row?.password_hash ?? '');
    const argon = params
      ? `argon2${params[1]} m=${params[2]} KiB, t=${params[3]}, p=${params[4]}`
      : `unknown (stored hash: ${row?.password_hash?.slice(0, 40)})`;
    const verifyMs = params ? await argon2VerifyMs(Number(params[2]), Number(params[3])) : undefined;
    say(
      `  stored hash parameters: ${argon}${verifyMs ? `; one verify takes ${fmt(verifyMs, 1)} ms here when idle` : ''}`,
    );
    const signins = await cannon({
      port: authPort,
      path: '/api/auth/signin',
      method: 'POST',
      headers: { 'x-forwarded-for': ip },
      json: { email: member, password: PASSWORD },
      connections: 8,
      durationSeconds: 10,
      warmupSeconds: 1,
    });
    say(`  sign-ins           ${describeCannon(signins)}`);
    figure(
      'signin-argon2',
      argon +
        (verifyMs
          ? ` (one verify ${fmt(verifyMs, 1)} ms when idle; ${process.env.UV_THREADPOOL_SIZE ?? 4} libuv threads, 2 cores)`
          : ''),
    );
    figure(
      'signin-throughput',
      `${fmt(signins.rps, 1)} sign-ins/s (8 connections, ${fmt(signins.seconds, 1)} s; p50 ${signins.latencyP50} ms, p99 ${signins.latencyP99} ms${signins.non2xx ? `; non-2xx ${JSON.stringify(signins.statusCodes)}` : ''})`,
    );
    if (signins.non2xx || signins.errors)
      observations.push(
        `sign-in run had non-2xx/errors: ${JSON.stringify(signins.statusCodes)}, errors ${signins.errors}, timeouts ${signins.timeouts}`,
      );

    // Ctrl-C while members are using it: 20 connections keep asking through the gateway.
    say(`\n== shutdown under load [${elapsed()}]`);
    const during = cannon({
      port,
      path: '/api/auth/user',
      headers,
      connections: 20,
      durationSeconds: 4,
      warmupSeconds: 0,
    });
    await sleep(1500);
    await stopAndReport(product, 'shutdown-under-load');
    const seen = await during;
    const failed = Object.entries(seen.statusCodes).filter(([code]) => !code.startsWith('2'));
    const clientText = `the client got ${JSON.stringify(seen.statusCodes)} (${failed.length ? `${failed.map(([code, count]) => `${count} x ${code}`).join(', ')} during the drain` : 'no error status'}; connection errors after the port closed: ${seen.errors})`;
    say(`  ${clientText}`);
    figure('shutdown-under-load-client', clientText);
    if (failed.length) observations.push(`shutdown under load: ${clientText}`);
  } finally {
    await runCleanup();
    await database.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Part 3: rate limits under a flood, on a fresh product with the default limits.
// ---------------------------------------------------------------------------------------------
async function floodPart(): Promise<void> {
  say(`\n== 3. Rate limits under a flood (product with DEFAULT limits, fresh database) [${elapsed()}]`);
  const database = await createFreshDatabase();
  try {
    const { product, port, authPort } = await startLauncher('product (default limits)', database, 'default');
    // Accounts are made from their own addresses: sign-up has its own per-IP limit (20 per window).
    let signupIp = clientIp();
    const newAccount = async (label: string, index: number) => {
      if (index > 0 && index % 10 === 0) signupIp = clientIp();
      const address = email(label);
      return { address, token: await signUp(authPort, signupIp, address) };
    };
    const right = await newAccount('flood-right', 0);
    const wrongAccounts: string[] = [];
    for (let index = 1; index <= 18; index += 1)
      wrongAccounts.push((await newAccount(`flood-wrong${index}`, index)).address);
    const probe = await newAccount('concurrent', 19);

    // Concurrent right passwords on one account: the per-account counter counts attempts when they
    // start and is reset only when one succeeds, so more than 10 at once meet the account limit.
    const probeIp = clientIp();
    const concurrent = await flood({
      total: 15,
      concurrency: 15,
      deadlineMs: 30_000,
      request: () => ({
        port: authPort,
        path: '/api/auth/signin',
        headers: { 'x-forwarded-for': probeIp },
        json: { email: probe.address, password: PASSWORD },
      }),
    });
    const concurrentText = `15 simultaneous correct sign-ins on one account (fresh address) -> ${JSON.stringify(concurrent.statuses)} (account limit ${DEFAULTS.signinPerAccount})`;
    say(`  ${concurrentText}`);
    figure('signin-concurrent-same-account', concurrentText);
    if (concurrent.rejected)
      observations.push(`${concurrentText}: correct sign-ins in flight count against the per-account limit`);

    // One right password in ten, on one account (at most ~5 of them in flight); wrong passwords over
    // eighteen accounts (~5 each among the first 100): no account reaches its own limit, so every 429
    // is the per-IP limit's doing.
    const floodIp = clientIp();
    const total = 3000;
    const signinFlood = await flood({
      total,
      concurrency: 50,
      deadlineMs: 90_000,
      request: (index) => ({
        port: authPort,
        path: '/api/auth/signin',
        headers: { 'x-forwarded-for': floodIp },
        json:
          index % 10 === 0
            ? { email: right.address, password: PASSWORD }
            : { email: wrongAccounts[index % wrongAccounts.length], password: 'wrong-password-0000' },
      }),
    });
    const notRejected = signinFlood.sent - signinFlood.rejected - signinFlood.networkErrors;
    say(
      `  POST /api/auth/signin x${signinFlood.sent} from one address, 50 in flight, ${fmt(signinFlood.elapsedMs)} ms: statuses ${JSON.stringify(signinFlood.statuses)}, network errors ${signinFlood.networkErrors}`,
    );
    say(
      `  first 429 at request #${signinFlood.firstRejectedIndex}; Retry-After on ${signinFlood.rejectedWithRetryAfter}/${signinFlood.rejected} (values ${signinFlood.retryAfterMin}..${signinFlood.retryAfterMax} s)`,
    );
    figure(
      'flood-signin',
      `${signinFlood.sent} requests in ${fmt(signinFlood.elapsedMs)} ms: 200 x${signinFlood.statuses[200] ?? 0}, 401 x${signinFlood.statuses[401] ?? 0}, 429 x${signinFlood.rejected}${Object.keys(signinFlood.statuses).some((code) => !['200', '401', '429'].includes(code)) ? `, other ${JSON.stringify(signinFlood.statuses)}` : ''}${signinFlood.networkErrors ? `, network errors ${signinFlood.networkErrors}` : ''}`,
    );
    figure(
      'flood-signin-retry-after',
      `${signinFlood.rejectedWithRetryAfter}/${signinFlood.rejected} 429s had Retry-After (${signinFlood.retryAfterMin}..${signinFlood.retryAfterMax} s): ${met(signinFlood.rejected > 0 && signinFlood.rejectedWithRetryAfter === signinFlood.rejected)}`,
    );
    figure(
      'flood-signin-ip-limit',
      `${notRejected} answered without 429 (limit ${DEFAULTS.signinPerIp} per IP per 900 s): ${met(notRejected === DEFAULTS.signinPerIp)}`,
    );
    if (notRejected !== DEFAULTS.signinPerIp)
      observations.push(`sign-in flood: ${notRejected} non-429 answers, per-IP limit is ${DEFAULTS.signinPerIp}`);

    // The flooding address stays blocked through the gateway (the gateway forwards the client
    // address); another address still signs in.
    const viaGateway = await send({
      port,
      path: '/api/auth/signin',
      headers: { 'x-forwarded-for': floodIp },
      json: { email: right.address, password: PASSWORD },
    });
    const otherIp = clientIp();
    const otherAddress = await send({
      port: authPort,
      path: '/api/auth/signin',
      headers: { 'x-forwarded-for': otherIp },
      json: { email: right.address, password: PASSWORD },
    });
    const gatewayBlockText = `flooding address through the gateway -> ${viaGateway.status}${viaGateway.headers['retry-after'] ? ` (Retry-After ${viaGateway.headers['retry-after']})` : ''}; another address direct -> ${otherAddress.status}`;
    say(`  ${gatewayBlockText}`);
    figure(
      'flood-signin-after',
      `${gatewayBlockText}: ${met(viaGateway.status === 429 && otherAddress.status === 200)}`,
    );

    // Gateway per-IP limit: 1200 per minute over every /api call.
    const gatewayIp = clientIp();
    const gatewayTotal = 2400;
    const gatewayFlood = await flood({
      total: gatewayTotal,
      concurrency: 20,
      deadlineMs: 50_000,
      request: () => ({
        port,
        path: '/api/auth/user',
        headers: { authorization: `Bearer ${right.token}`, 'x-forwarded-for': gatewayIp },
      }),
    });
    const gatewayOk = gatewayFlood.statuses[200] ?? 0;
    say(
      `  GET /api/auth/user x${gatewayFlood.sent} through the gateway from one address in ${fmt(gatewayFlood.elapsedMs)} ms: statuses ${JSON.stringify(gatewayFlood.statuses)}, network errors ${gatewayFlood.networkErrors}; Retry-After on ${gatewayFlood.rejectedWithRetryAfter}/${gatewayFlood.rejected}`,
    );
    figure(
      'flood-gateway',
      `${gatewayFlood.sent} requests in ${fmt(gatewayFlood.elapsedMs)} ms: 200 x${gatewayOk}, 429 x${gatewayFlood.rejected} (Retry-After on ${gatewayFlood.rejectedWithRetryAfter}), limit ${DEFAULTS.gatewayPerIpPerMinute}/min: ${met(gatewayOk === DEFAULTS.gatewayPerIpPerMinute && gatewayFlood.rejected === gatewayFlood.sent - gatewayOk)}`,
    );
    if (gatewayOk !== DEFAULTS.gatewayPerIpPerMinute)
      observations.push(
        `gateway flood: ${gatewayOk} x 200, per-IP limit is ${DEFAULTS.gatewayPerIpPerMinute}/min (statuses ${JSON.stringify(gatewayFlood.statuses)})`,
      );

    await stopAndReport(product, 'shutdown-default-limits-product');
  } finally {
    await runCleanup();
    await database.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Part 4: cold start of `npm start`, twice on one fresh database.
// ---------------------------------------------------------------------------------------------
async function coldStartPart(): Promise<void> {
  say(`\n== 4. Cold start of npm start [${elapsed()}]`);
  const database = await createFreshDatabase();
  try {
    for (const run of [1, 2]) {
      const webBefore = existsSync(WEB_INDEX) ? statSync(WEB_INDEX).mtimeMs : undefined;
      const { env: ports, port } = await portsEnv();
      const product = await startProduct({
        label: `npm start #${run}`,
        command: 'npm',
        args: ['start'],
        cwd: ROOT,
        env: productEnv({ ...ports, DATABASE_URL: database.url }, 'default'),
        gatewayPort: port,
        readyTimeoutMs: webBefore === undefined ? 240_000 : 90_000,
        pollReadyz: true,
      });
      const readyzMs = await Promise.race([
        product.readyzMs,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 15_000)),
      ]);
      const webAfter = existsSync(WEB_INDEX) ? statSync(WEB_INDEX).mtimeMs : undefined;
      const web =
        webBefore !== undefined && webAfter === webBefore
          ? 'web build skipped (web/dist/index.html present)'
          : webAfter !== undefined
            ? 'web app BUILT during start'
            : 'web app not built';
      const [tables] = await database.query<{ count: string }>(
        "select count(*) from information_schema.tables where table_schema = 'auth'",
      );
      const generated = product.lines.filter((line) => /Generated Prisma Client/.test(line.text));
      const generateText = generated.length
        ? `${generated.length} prisma generate done at ${fmt(generated.at(-1)!.at)} ms, `
        : '';
      const text = `ready line after ${fmt(product.readyLineMs)} ms (${generateText}launcher's own count ${product.launcherStartMs} ms), /readyz 200 after ${readyzMs === undefined ? 'NEVER (15 s)' : `${fmt(readyzMs)} ms`}; ${web}; ${tables?.count ?? '?'} tables in schema auth`;
      say(
        `  run ${run} (${run === 1 ? 'empty database: all migrations' : 'same database: nothing to migrate'}): ${text}`,
      );
      figure(`cold-start-${run}`, text);
      if (readyzMs === undefined) observations.push(`npm start #${run}: /readyz never answered 200`);
      await stopAndReport(product, `cold-start-${run}-stop`);
    }
  } finally {
    await runCleanup();
    await database.drop();
  }
}

/** The rate-limit counters this run created in the shared Redis (exact keys; they would expire anyway). */
async function forgetCounters(): Promise<void> {
  try {
    const { createClient } = await import('redis');
    const client = createClient({
      url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      socket: { connectTimeout: 2000, reconnectStrategy: false },
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const keys = [
        ...[...usedIps].flatMap((ip) =>
          ['signin-ip', 'signup-ip', 'gateway-ip', 'reset-ip'].map((name) => `ratelimit:${name}:${ip}`),
        ),
        ...[...usedEmails].flatMap((address) =>
          ['signin-account', 'reset-account'].map((name) => `ratelimit:${name}:${address}`),
        ),
      ];
      if (keys.length) await client.del(keys);
    } finally {
      await client.quit();
    }
  } catch {
    // best effort
  }
}

async function main(): Promise<void> {
  installCleanupHandlers();
  say(`Crucible benchmark (run ${RUN_TAG}); node ${process.version}; all traffic to 127.0.0.1`);
  say(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} on ${availableParallelism()} cores (other work on this machine skews every figure)`,
  );
  // BENCH_PARTS=3,4 runs only those parts (1 and 2 share a product and run together).
  const wanted = new Set((process.env.BENCH_PARTS ?? '1,2,3,4').split(',').map((part) => part.trim()));
  const parts: [string, string[], () => Promise<void>][] = [
    ['1+2 gateway overhead and sign-in throughput', ['1', '2'], throughputParts],
    ['3 rate limits under a flood', ['3'], floodPart],
    ['4 cold start', ['4'], coldStartPart],
  ];
  for (const [name, keys, part] of parts) {
    if (!keys.some((key) => wanted.has(key))) continue;
    try {
      await part();
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      say(`\n!! part ${name} failed:\n${message}`);
      figure(`part-${name.split(' ')[0]}-failed`, `${message.split('\n')[0]!} ${keyErrorLine(message)}`);
      observations.push(`part ${name} failed: ${keyErrorLine(message)} (full output above)`);
    }
  }
  await runCleanup();
  finishCleanup();
  await forgetCounters();
  await deleteNamespaceStreams(NAMESPACE).catch((error: unknown) =>
    observations.push(`could not delete the run's NATS streams: ${String(error)}`),
  );

  say(
    `\n== Figures (${elapsed()} in all; load average now ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} on ${availableParallelism()} cores)`,
  );
  for (const line of summary) say(line);
  if (observations.length) {
    say('\n== Worth a look');
    for (const line of [...new Set(observations)]) say(`- ${line}`);
  }
  report.print();
}

await main();
