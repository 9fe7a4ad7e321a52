/**
 * Integration-test harness for the dm service: the real service on a real port, against the real
 * PostgreSQL (a database of its own) and NATS JetStream (the shared server; durable names and a
 * request-reply prefix of its own, so parallel runs never answer each other's questions).
 *
 * Tokens are real EdDSA JWTs checked by the platform's verifier, signed with a key of the harness
 * and resolved to sessions the test sets: dm's rules see exactly the principal a gateway would pass.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type AccessLevel, type EventEnvelope } from '@crucible/proto';
import { createMemoryCache, createNatsEventBus, loadConfig, silentLogger, type EventBus } from '@crucible/platform';
import {
  TEST_SERVICES,
  callsWith,
  collectEvents,
  createTestDatabase,
  deleteNamespaceStreams,
  listenFirst,
  requestsTo,
  requireService,
  startHarness,
  uniqueNamespace,
  uniqueTag,
  type EventCollector,
  type TestCall,
  type TestDatabase,
  type TestRequest,
  createTestTokenIssuer,
} from '@crucible/platform/testing';
import { dmConfigSchema, type DmConfig } from '../config.ts';
import { createDmService } from '../create-service.ts';

export { uniqueTag, type EventCollector };

export interface Member {
  id: string;
  level: AccessLevel;
  isAdmin: boolean;
  token: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface DmHarness {
  readonly url: string;
  readonly config: DmConfig;
  readonly service: Awaited<ReturnType<typeof createDmService>>;
  /** The bus the service uses, with the harness's request-reply prefix. */
  readonly bus: EventBus;
  readonly database: TestDatabase;
  request: TestRequest;
  /** Sends and parses JSON, failing the test with the body when the status differs. */
  call: TestCall;
  /** A member known to dm's replica of auth's users, with a live token. */
  member(options?: {
    level?: AccessLevel;
    isAdmin?: boolean;
    firstName?: string;
    lastName?: string;
    inReplica?: boolean;
  }): Promise<Member>;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  collectEvents(subjects: string[], keep: (event: EventEnvelope) => boolean): Promise<EventCollector>;
  stop(): Promise<void>;
}

export interface DmHarnessOptions {
  /** Join another harness's NATS_NAMESPACE (e.g. an admin harness's, to answer its questions); it deletes the streams. */
  namespace?: string;
  env?: Record<string, string>;
}

export async function startDmHarness(options: DmHarnessOptions = {}): Promise<DmHarness> {
  await Promise.all([requireService('postgres'), requireService('nats')]);
  return startHarness(async (cleanups) => {
    const database = await createTestDatabase('dm_it');
    cleanups.push(() => database.drop());

    // A namespace of its own: only this harness's events reach its consumers (its durables go with its streams).
    const namespace = options.namespace ?? uniqueNamespace('dm-it');
    if (!options.namespace) cleanups.push(() => deleteNamespaceStreams(namespace));
    const bus = await createNatsEventBus({
      url: TEST_SERVICES.nats.url,
      name: 'dm-test',
      logger: silentLogger,
      namespace,
    });
    cleanups.push(() => bus.close());

    const server = await listenFirst(cleanups);
    const { url } = server;

    const usersConsumer = `dm_it_users_${uniqueTag(6)}`;
    const config = loadConfig(dmConfigSchema, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '30',
      DM_USERS_CONSUMER: usersConsumer,
      DM_PROFILE_CONSUMER: `dm_it_profile_${uniqueTag(6)}`,
      ...options.env,
    });

    const tokens = await createTestTokenIssuer({ issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
    const { verifier } = tokens;

    const service = await createDmService(config, {
      logger: silentLogger,
      bus,
      cache: createMemoryCache(),
      collectProcessMetrics: false,
      verifier,
    });
    cleanups.push(() => service.stop());
    server.serve(service.app);

    const pool = new pg.Pool({ connectionString: database.url, max: 3, options: '-c search_path=dm' });
    cleanups.push(() => pool.end());

    const request = requestsTo(url);

    const harness: DmHarness = {
      url,
      config,
      service,
      bus,
      database,
      request,
      call: callsWith(request),
      async member(memberOptions = {}) {
        const id = randomUUID();
        const level = memberOptions.level ?? 'Apprentice';
        const member: Member = {
          id,
          level,
          isAdmin: memberOptions.isAdmin ?? level === 'Admin',
          token: '',
          firstName: memberOptions.firstName ?? level,
          lastName: memberOptions.lastName ?? `Member ${uniqueTag(2)}`,
          email: `${level.toLowerCase()}.${uniqueTag()}@it.crucible.test`,
        };
        if (memberOptions.inReplica !== false) {
          await pool.query(
            `INSERT INTO users (id, email, first_name, last_name, access_level, is_admin) VALUES ($1, $2, $3, $4, $5, $6)`,
            [id, member.email, member.firstName, member.lastName, level, member.isAdmin],
          );
        }
        member.token = (await tokens.issue({ userId: id, accessLevel: level, isAdmin: member.isAdmin })).token;
        return member;
      },
      async sql(text, values) {
        return (await pool.query(text, values)).rows;
      },
      async collectEvents(subjects, keep) {
        return collectEvents(bus, { stream: 'DM', subjects, keep });
      },
      stop: () => cleanups.run(),
    };
    return harness;
  });
}
