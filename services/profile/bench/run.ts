/**
 * `npm run bench -w services/profile` (this file): the profile page's calls through the gateway for a member with
 * 50 work entries, 50 skills and 10,000 profile views (the target: p95 under 20 ms each).
 *
 * The launcher runs auth, profile and the gateway (TARGETS) on a fresh database, with a NATS
 * namespace of the run, and is stopped and the database dropped at the end (also on Ctrl-C: the
 * bench kit's cleanup, @crucible/bench-kit). One request in flight at a time; figures are printed, not asserted.
 */
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  benchEnv,
  createFreshDatabase,
  createReport,
  freePorts,
  HIGH_RATE_LIMITS,
  percentiles,
  REPO_ROOT,
  runBench,
  send,
  startProduct,
  uniqueClientIp,
} from '@crucible/bench-kit';
import { SERVICES } from '@crucible/proto';

const ROOT = REPO_ROOT;
const TAG = randomBytes(3).toString('hex');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const WARMUP = 30;
const TARGET_P95_MS = 20;
const SIZE = { workplaces: 50, skills: 50, views: 10_000 };
const say = (line: string) => console.log(line);

async function main(): Promise<void> {
  const report = createReport('profile bench');
  const database = await createFreshDatabase();
  const names = Object.keys(SERVICES);
  const [port, ...servicePorts] = (await freePorts(1 + names.length)) as [number, ...number[]];
  const ports = Object.fromEntries(
    names.map((name, index) => [`${name.toUpperCase()}_PORT`, String(servicePorts[index])]),
  );
  const product = await startProduct({
    label: 'profile bench',
    command: process.execPath,
    args: [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'services/launcher/src/main.ts'],
    cwd: ROOT,
    // Latency, not the rate limits, is measured: one member sends thousands of requests a minute.
    env: benchEnv(`profile-bench-${TAG}`, {
      ...ports,
      ...HIGH_RATE_LIMITS,
      PORT: String(port),
      TARGETS: 'auth,profile,gateway',
      DATABASE_URL: database.url,
    }),
    gatewayPort: port,
    readyTimeoutMs: 90_000,
  });
  say(`product ready in ${product.readyLineMs.toFixed(0)} ms on :${port}`);

  const owner = { email: `profile-bench-${TAG}@bench.crucible.test`, password: 'correct horse battery' };
  const signUp = await send({
    port,
    path: '/api/auth/signup',
    headers: { 'x-forwarded-for': uniqueClientIp() },
    json: { ...owner, firstName: 'Bench', lastName: 'Owner' },
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${signUp.body}`);
  // Sign-up opens no session when it mails a verification link.
  const signIn = await send({
    port,
    path: '/api/auth/signin',
    headers: { 'x-forwarded-for': uniqueClientIp() },
    json: owner,
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.body}`);
  const { token } = JSON.parse(signIn.body) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': uniqueClientIp() };
  const me = await send({ port, path: '/api/auth/user', headers });
  const { id } = JSON.parse(me.body) as { id: string };
  // The first call fills the replica if auth's event has not arrived yet.
  const first = await send({ port, path: `/api/users/${id}/profile`, headers });
  if (first.status !== 200) throw new Error(`profile: ${first.status} ${first.body}`);

  await database.query(
    `INSERT INTO profile.user_workplaces (id, user_id, position, company_name, job_title, start_date, description)
     SELECT gen_random_uuid(), $1, n, 'Company ' || n, 'Role ' || n, '01/20' || lpad((n % 25)::text, 2, '0'), repeat('Work. ', 40)
     FROM generate_series(1, $2::int) AS n`,
    [id, SIZE.workplaces],
  );
  await database.query(
    `INSERT INTO profile.user_skills (id, user_id, skill_name, proficiency_level, category, endorsement_count)
     SELECT gen_random_uuid(), $1, 'Skill ' || n, 1 + n % 5, 'Technical', n FROM generate_series(1, $2::int) AS n`,
    [id, SIZE.skills],
  );
  await database.query(
    `INSERT INTO profile.profile_views (id, profile_owner_id, viewer_id, viewer_access_level, time_spent, created_at)
     SELECT gen_random_uuid(), $1, gen_random_uuid(), 'Apprentice', n % 120, now() - (n % 45) * interval '1 day'
     FROM generate_series(1, $2::int) AS n`,
    [id, SIZE.views],
  );
  await database.query(`ANALYZE profile.profile_views`);
  say(`seeded ${SIZE.workplaces} work entries, ${SIZE.skills} skills, ${SIZE.views} views`);

  const calls = [
    'profile',
    'workplaces',
    'education',
    'skills',
    'leadership-progress',
    'stats',
    'analytics',
    'privacy',
  ];
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples = new Map(calls.map((call) => [call, [] as number[]]));
  try {
    for (let round = 0; round < WARMUP + SAMPLES; round += 1) {
      for (const call of calls) {
        const started = performance.now();
        const reply = await send({ port, path: `/api/users/${id}/${call}`, headers, agent });
        const elapsed = performance.now() - started;
        if (reply.status !== 200) throw new Error(`${call}: ${reply.status} ${reply.body.slice(0, 200)}`);
        if (round >= WARMUP) samples.get(call)!.push(elapsed);
      }
    }
  } finally {
    agent.destroy();
  }
  say(`\n${SAMPLES} sequential requests per call through the gateway:`);
  for (const [call, values] of samples) {
    const { p50, p95 } = percentiles(values);
    report.figure(`GET /api/users/{id}/${call} p95`, p95, 'ms', {
      target: { below: TARGET_P95_MS },
      note: `p50 ${p50.toFixed(1)} ms`,
    });
  }
  await product.stop();
  report.print();
}

await runBench(main);
