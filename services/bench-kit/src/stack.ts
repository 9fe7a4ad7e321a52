import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteNamespaceStreams, freePorts } from '@crucible/test-kit';
import { registerNamedCleanup } from './cleanup.ts';
import { uniqueClientIp } from './client.ts';
import { createFreshDatabase, type BenchDatabase } from './database.ts';
import { startServiceProcess, type ServiceProcess } from './processes.ts';

/** The repository's root, where the services' entry files are found. */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const BENCH_PASSWORD = 'bench-password-1234';

/** Far above anything a bench sends: the benches measure speed, not the limits. */
export const HIGH_RATE_LIMITS = {
  RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
  RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000000',
  RATE_LIMIT_SIGNIN_PER_IP: '100000000',
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: '100000000',
  RATE_LIMIT_SIGNUP_PER_IP: '100000',
};

/**
 * The caller's environment minus what would point a product elsewhere (ports, URLs other than
 * NATS and Redis, rate limits, launcher targets), plus the run's own NATS namespace (streams,
 * durables, questions and cache keys of the run).
 */
export function benchEnv(namespace: string, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env))
    if (key.startsWith('RATE_LIMIT_') || (/_PORT$|_URL$/.test(key) && !['NATS_URL', 'REDIS_URL'].includes(key)))
      delete env[key];
  for (const key of ['TARGETS', 'HOST', 'PUBLIC_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) delete env[key];
  return { ...env, LOG_LEVEL: 'warn', NATS_NAMESPACE: namespace, ...overrides };
}

export interface Member {
  id: string;
  email: string;
  token: string;
}

export interface ServiceStack {
  tag: string;
  namespace: string;
  database: BenchDatabase;
  /** auth, the measured services and the gateway, by name */
  processes: Record<string, ServiceProcess>;
  gateway: ServiceProcess;
  /** Logs of every process are here. */
  workDir: string;
  /** The run's client address (sent as X-Forwarded-For, which the services trust from loopback). */
  clientIp: string;
  /** A JSON call through the gateway; throws on a non-2xx answer. */
  api<T>(path: string, init?: { method?: string; json?: unknown; token?: string }): Promise<T>;
  /** A new member, signed up through the gateway, at `level` (set in auth's table, then signed in again). */
  member(label: string, level?: string): Promise<Member>;
  stop(): Promise<void>;
}

export interface StackSpec {
  /** Names the database, namespace and work folder (`forum` -> `forum-bench-<tag>`). */
  bench: string;
  /** The measured services: name (its `<NAME>_URL` for the gateway), entry file, extra env. */
  services: { name: string; entry: string; env?: Record<string, string> }[];
  /** Every process writes a CPU profile into `<profileDir>/<name>` when set (BENCH_PROFILE). */
  profileDir?: string;
}

/**
 * Auth, the measured services and the gateway as separate processes, as in a cluster, on a fresh
 * database and a NATS namespace of the run, against the environment's PostgreSQL, NATS and Redis.
 * Everything is stopped, the database dropped and the namespace's streams deleted by `stop()` or
 * by the bench's cleanup (Ctrl-C and crashes included).
 */
export async function startServiceStack(spec: StackSpec): Promise<ServiceStack> {
  const tag = randomBytes(3).toString('hex');
  const namespace = `${spec.bench}-bench-${tag}`;
  const clientIp = uniqueClientIp();
  const database = await createFreshDatabase();
  const workDir = await mkdtemp(join(tmpdir(), `${spec.bench}-bench-`));
  const forgetNamespace = registerNamedCleanup(`namespace ${namespace} and ${workDir}`, async () => {
    await deleteNamespaceStreams(namespace).catch(() => undefined);
    await rm(workDir, { recursive: true, force: true });
  });
  const [authPort, gatewayPort, ...servicePorts] = await freePorts(2 + spec.services.length);
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const common = benchEnv(namespace, { DATABASE_URL: database.url, PUBLIC_URL: gatewayUrl, ...HIGH_RATE_LIMITS });
  const start = (name: string, entry: string, port: number, env: Record<string, string> = {}) =>
    startServiceProcess({
      name,
      entry,
      port,
      cwd: REPO_ROOT,
      // A disk blob store of the run (DATA_DIR), for the services that keep files.
      env: { ...common, DATA_DIR: join(workDir, `data-${name}`), ...env },
      logDir: workDir,
      profileDir: spec.profileDir,
    });
  const processes: Record<string, ServiceProcess> = {};
  processes.auth = await start('auth', 'services/auth/src/main.ts', authPort!);
  for (const [index, service] of spec.services.entries())
    processes[service.name] = await start(service.name, service.entry, servicePorts[index]!, service.env);
  const gateway = await start('gateway', 'gateway/src/main.ts', gatewayPort!, {
    WEB_DIST_DIR: join(workDir, 'no-web'),
    ...Object.fromEntries(
      Object.entries(processes).map(([name, process]) => [`${name.toUpperCase()}_URL`, process.url]),
    ),
  });
  processes.gateway = gateway;

  const api = async <T>(path: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
    const response = await fetch(`${gatewayUrl}${path}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        'x-forwarded-for': clientIp,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };

  const member = async (label: string, level?: string): Promise<Member> => {
    const email = `${label}.${tag}.${randomBytes(3).toString('hex')}@bench.crucible.test`;
    await api('/api/auth/signup', {
      json: { email, password: BENCH_PASSWORD, firstName: 'Bench', lastName: label },
    });
    if (level) await database.query(`UPDATE auth.users SET access_level = $1 WHERE email = $2`, [level, email]);
    const { token } = await api<{ token: string }>('/api/auth/signin', { json: { email, password: BENCH_PASSWORD } });
    const [row] = await database.query<{ id: string }>(`SELECT id FROM auth.users WHERE email = $1`, [email]);
    return { id: row!.id, email, token };
  };

  return {
    tag,
    namespace,
    database,
    processes,
    gateway,
    workDir,
    clientIp,
    api,
    member,
    async stop() {
      for (const process of Object.values(processes).reverse()) await process.stop();
      await database.drop();
      await forgetNamespace();
    },
  };
}
