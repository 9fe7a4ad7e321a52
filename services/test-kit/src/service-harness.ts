/**
 * The set-up every service's integration harness shares: a test database of its own, a NATS
 * namespace of its own with a bus on it, a server bound first, the service built by its own factory
 * with a test token issuer, a pool to read its tables, and members as auth would announce them.
 * Each service's harness adds only what is its own (blob stores, consumers to wait for, events).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { z } from 'zod';
import type { AccessLevel, EVENT_STREAMS, EventEnvelope } from '@crucible/proto';
import {
  createMemoryCache,
  createNatsEventBus,
  createRedisCache,
  loadConfig,
  silentLogger,
  tokenConfigSchema,
  type Cache,
  type EventBus,
  type RedisCache,
  type RunningService,
  type ServiceDeps,
  type TokenVerifier,
} from '@crucible/platform';
import { collectEvents, uniqueTag, type EventCollector } from './event-collector.ts';
import {
  callsWith,
  listenFirst,
  type CleanupStack,
  type TestCall,
  type TestRequest,
  requestsTo,
} from './http-harness.ts';
import {
  TEST_SERVICES,
  createTestDatabase,
  deleteNamespaceStreams,
  requireService,
  uniqueNamespace,
  type TestDatabase,
} from './required-services.ts';
import { freePort } from './free-port.ts';
import { startServerProcess } from './server-process.ts';
import { createTestTokenIssuer, type TestTokenIssuer } from './test-tokens.ts';

/** A member as auth announces them, with a live access token. */
export interface TestMember {
  id: string;
  level: AccessLevel;
  isAdmin: boolean;
  token: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface TestMemberOptions {
  /** Defaults to whether the level is Admin. */
  isAdmin?: boolean;
  /** Default: the level. */
  firstName?: string;
  /** Default: `Member` and a short unique tag, so two members never share a name. */
  lastName?: string;
  /** Default: a unique address under it.crucible.test. */
  email?: string;
  /** False for a member auth has not announced to this service yet (not in its replica of auth's users). */
  inReplica?: boolean;
}

/** What the harness hands the service's factory: the platform's deps with the test token issuer's verifier. */
export interface TestServiceDeps extends ServiceDeps {
  verifier: TokenVerifier;
}

export interface ServiceHarnessOptions<Shape extends z.ZodRawShape, Service extends RunningService> {
  /**
   * The service's name: its Postgres schema (what `sql` reads), its event stream (upper-cased, as
   * in EVENT_STREAMS), and the prefix of the test database (`<name>_it_…`), the namespace
   * (`<name>-it-…`) and the bus's connection name. Realtime publishes no stream of its own, so
   * `collectEvents` does not apply to it.
   */
  name: Lowercase<keyof typeof EVENT_STREAMS> | 'realtime';
  configSchema: z.ZodObject<Shape>;
  createService(config: z.infer<z.ZodObject<Shape>>, deps: TestServiceDeps): Promise<Service>;
  /**
   * The service's own settings; NODE_ENV, LOG_LEVEL and DATABASE_URL (and DATA_DIR, PUBLIC_URL) are
   * set here. An undefined value removes a setting the harness would give.
   */
  env?: Record<string, string | undefined>;
  /** A disk blob store of its own: a temporary DATA_DIR behind this server's signed URLs (PUBLIC_URL). */
  dataDir?: boolean;
  /** Join another harness's namespace (e.g. to receive its events); that harness deletes the streams. */
  namespace?: string;
  /** Another harness's database (a second replica of the service); that harness drops it. */
  database?: TestDatabase;
  /** The NATS server the service's bus connects to: the shared one unless a test runs its own (to restart it). */
  natsUrl?: string;
  /** The platform cache: in memory (default), or the real Redis under the harness's namespace. */
  cache?: 'memory' | 'redis';
  /**
   * With the Redis cache, another harness's key prefix (a second replica sharing its cache); that
   * harness deletes the keys. By default the namespace, whose keys go when the harness stops.
   */
  cachePrefix?: string;
  /** Wraps the bus before the service gets it (to simulate a broker outage); `bus` stays the real one. */
  wrapBus?: (bus: EventBus) => EventBus;
  /** Share another harness's token issuer, so its members' tokens are good here too. */
  tokens?: TestTokenIssuer;
}

export interface ServiceHarness<Config, Service> {
  readonly url: string;
  readonly config: Config;
  readonly service: Service;
  /** The bus the service uses (its request-reply prefix is the harness's namespace). */
  readonly bus: EventBus;
  /** The cache the service uses. */
  readonly cache: Cache;
  /** The key prefix of the Redis cache (`cache: 'redis'`), for a second replica or a client of a test's own. */
  readonly cachePrefix: string;
  readonly database: TestDatabase;
  readonly namespace: string;
  /** Signs the members' tokens and holds their sessions (a level change, a revoked session). */
  readonly tokens: TestTokenIssuer;
  request: TestRequest;
  /** Sends and parses JSON, failing the test with the body when the status differs. */
  call: TestCall;
  /** A member at `level` with a live token, in the service's replica of auth's users unless `inReplica` is false. */
  member(level: AccessLevel, options?: TestMemberOptions): Promise<TestMember>;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Collects the events of the service's own stream that `keep` accepts, from now on. */
  collectEvents(subjects: string[], keep: (event: EventEnvelope) => boolean): Promise<EventCollector>;
  stop(): Promise<void>;
}

/**
 * Starts the service under test inside a harness's `startHarness`: everything it starts is pushed on
 * `cleanups` (service, bus, namespace's streams, database, folder), so a failure halfway undoes it.
 */
export async function startServiceHarness<Shape extends z.ZodRawShape, Service extends RunningService>(
  cleanups: CleanupStack,
  options: ServiceHarnessOptions<Shape, Service>,
): Promise<ServiceHarness<z.infer<z.ZodObject<Shape>>, Service>> {
  await Promise.all([requireService('postgres'), requireService('nats')]);
  const { name } = options;
  const database = options.database ?? (await createTestDatabase(`${name}_it`));
  if (!options.database) cleanups.push(() => database.drop());

  // A namespace of its own: only this harness's events reach its consumers (its durables go with its streams).
  const namespace = options.namespace ?? uniqueNamespace(`${name}-it`);
  if (!options.namespace) cleanups.push(() => deleteNamespaceStreams(namespace));
  const bus = await createNatsEventBus({
    url: options.natsUrl ?? TEST_SERVICES.nats.url,
    name: `${name}-test`,
    namespace,
    logger: silentLogger,
  });
  cleanups.push(() => bus.close());

  const server = await listenFirst(cleanups);
  const blobEnv: Record<string, string> = {};
  if (options.dataDir) {
    const dataDir = await mkdtemp(join(tmpdir(), `${name}-it-`));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    Object.assign(blobEnv, { DATA_DIR: dataDir, PUBLIC_URL: server.url });
  }
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, ...blobEnv, ...options.env };
  const config = loadConfig(options.configSchema, env);

  // Every service's config takes the platform's token fields: the same env gives the claims it pins.
  const { JWT_ISSUER, JWT_AUDIENCE } = loadConfig(tokenConfigSchema, env);
  const tokens = options.tokens ?? (await createTestTokenIssuer({ issuer: JWT_ISSUER, audience: JWT_AUDIENCE }));
  const cachePrefix = options.cachePrefix ?? `${namespace}:`;
  const cache = await openCache(cleanups, options.cache, cachePrefix, !options.cachePrefix);
  const service = await options.createService(config, {
    logger: silentLogger,
    bus: options.wrapBus ? options.wrapBus(bus) : bus,
    cache,
    collectProcessMetrics: false,
    verifier: tokens.verifier,
  });
  cleanups.push(() => service.stop());
  server.serve(service);

  const pool = new pg.Pool({ connectionString: database.url, max: 3, options: `-c search_path=${name}` });
  cleanups.push(() => pool.end());
  const sql = async <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    (await pool.query<Row>(text, values)).rows;
  const request = requestsTo(server.url);

  return {
    url: server.url,
    config,
    service,
    bus,
    cache,
    cachePrefix,
    database,
    namespace,
    tokens,
    request,
    call: callsWith(request),
    async member(level, memberOptions = {}) {
      const id = randomUUID();
      const member: TestMember = {
        id,
        level,
        isAdmin: memberOptions.isAdmin ?? level === 'Admin',
        token: '',
        firstName: memberOptions.firstName ?? level,
        lastName: memberOptions.lastName ?? `Member ${uniqueTag(2)}`,
        email: memberOptions.email ?? `${level.toLowerCase()}.${uniqueTag()}@it.crucible.test`,
      };
      if (memberOptions.inReplica !== false) await addToUsersReplica(sql, member);
      member.token = (await tokens.issue({ userId: id, accessLevel: level, isAdmin: member.isAdmin })).token;
      return member;
    },
    sql,
    collectEvents: (subjects, keep) => collectEvents(bus, { stream: name.toUpperCase(), subjects, keep }),
    stop: () => cleanups.run(),
  };
}

/** In memory, or the real Redis under `keyPrefix`, whose keys are deleted when the harness stops if they are its own. */
async function openCache(
  cleanups: CleanupStack,
  kind: ServiceHarnessOptions<z.ZodRawShape, RunningService>['cache'],
  keyPrefix: string,
  ownKeys: boolean,
): Promise<Cache> {
  if (kind !== 'redis') {
    const cache = createMemoryCache();
    cleanups.push(() => cache.close());
    return cache;
  }
  const cache = await createRedisCache({ url: await requireService('redis'), keyPrefix, logger: silentLogger });
  cleanups.push(async () => {
    if (ownKeys) await deleteKeys(cache, `${keyPrefix}*`);
    await cache.close();
  });
  return cache;
}

async function deleteKeys(cache: RedisCache, pattern: string): Promise<void> {
  const client = cache.redisClient;
  if (!client.isReady) return;
  for await (const keys of client.scanIterator({ MATCH: pattern, COUNT: 500 })) {
    if (keys.length > 0) await client.del(keys);
  }
}

/** Stores `member` in a service's replica of auth's users (its `users` table), as its consumer would. */
export async function addToUsersReplica(
  sql: (text: string, values: unknown[]) => Promise<unknown>,
  member: Omit<TestMember, 'token'>,
): Promise<void> {
  await sql(
    `INSERT INTO users (id, email, first_name, last_name, access_level, is_admin) VALUES ($1, $2, $3, $4, $5, $6)`,
    [member.id, member.email, member.firstName, member.lastName, member.level, member.isAdmin],
  );
}

export interface ServiceProcessOptions {
  /** The service to run: `services/<name>/src/main.ts`, its schema and database prefix as in `startServiceHarness`. */
  name: Lowercase<keyof typeof EVENT_STREAMS>;
  /** The harness it runs beside: its namespace, its bus and its token issuer, which answers its questions to auth. */
  beside: Pick<ServiceHarness<unknown, unknown>, 'namespace' | 'bus' | 'tokens'>;
  /** The service's own settings. */
  env?: Record<string, string>;
}

/** Another service beside the one under test, reached only over HTTP, SQL and the bus. */
export interface ServiceProcess {
  readonly url: string;
  request: TestRequest;
  call: TestCall;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
}

/**
 * Runs another service from its own `main.ts` in a child process, as a deployment runs it, in the
 * harness's namespace and on a test database of its own: the service under test talks to it over
 * the bus without importing its code. It checks tokens as in production, asking auth over the bus,
 * so the harness's token issuer answers those questions.
 */
export async function startServiceProcess(
  cleanups: CleanupStack,
  options: ServiceProcessOptions,
): Promise<ServiceProcess> {
  const { name, beside } = options;
  const redisUrl = await requireService('redis');
  const database = await createTestDatabase(`${name}_it`);
  cleanups.push(() => database.drop());
  const authAnswers = await beside.tokens.answerAuthQuestions(beside.bus);
  cleanups.push(() => Promise.all(authAnswers.map((answers) => answers.stop())));

  const main = fileURLToPath(new URL(`../../${name}/src/main.ts`, import.meta.url));
  const port = await freePort();
  const server = await startServerProcess({
    name,
    binary: process.execPath,
    port,
    args: () => ['--import', 'tsx', main],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      DATABASE_URL: database.url,
      NATS_URL: TEST_SERVICES.nats.url,
      NATS_NAMESPACE: beside.namespace,
      REDIS_URL: redisUrl,
      ...options.env,
    },
  });
  cleanups.push(() => server.dispose());

  const pool = new pg.Pool({ connectionString: database.url, max: 2, options: `-c search_path=${name}` });
  cleanups.push(() => pool.end());
  const url = `http://127.0.0.1:${server.port}`;
  const request = requestsTo(url);
  return {
    url,
    request,
    call: callsWith(request),
    sql: async <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
      (await pool.query<Row>(text, values)).rows,
  };
}
