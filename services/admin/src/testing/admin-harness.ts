/**
 * Integration-test harness for the admin service: the real service on a real port, against the
 * real PostgreSQL (a database of its own) and NATS JetStream (the shared server; durable names and
 * a request-reply prefix of its own). Tokens are real EdDSA JWTs resolved to sessions the test sets.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type AccessLevel } from '@crucible/proto';
import { createMemoryCache, createNatsEventBus, loadConfig, silentLogger, type EventBus } from '@crucible/platform';
import {
  TEST_SERVICES,
  callsWith,
  createTestDatabase,
  deleteNamespaceStreams,
  listenFirst,
  requestsTo,
  requireService,
  startHarness,
  uniqueNamespace,
  uniqueTag,
  type TestCall,
  type TestDatabase,
  type TestRequest,
  createTestTokenIssuer,
} from '@crucible/platform/testing';
import { createDmService, dmConfigSchema } from '@crucible/dm';
import { adminConfigSchema, type AdminConfig } from '../config.ts';
import { createAdminService } from '../create-service.ts';

export interface Member {
  id: string;
  token: string;
  name: string;
}

export interface MemberOptions {
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
}

/** The dm service beside it (same namespace): it answers the admin service's questions and keeps real messages. */
export interface DmSide {
  readonly url: string;
  request: TestRequest;
  call: TestCall;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
}

export interface AdminHarness {
  readonly url: string;
  readonly config: AdminConfig;
  /** The bus the service uses (its request-reply prefix is the harness's own): tests publish dm's events on it. */
  readonly bus: EventBus;
  readonly database: TestDatabase;
  /** The namespace its events travel in: a dm harness started in it answers the admin service's questions. */
  readonly namespace: string;
  request: TestRequest;
  /** Sends and parses JSON, failing the test with the body when the status differs. */
  call: TestCall;
  /** A member with a live token, known by name to the admin service (and to dm when it runs). */
  member(level?: AccessLevel, options?: MemberOptions): Promise<Member>;
  /** Present when started with `{ withDm: true }`. */
  readonly dm: DmSide | undefined;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  stop(): Promise<void>;
}

export async function startAdminHarness(options: { withDm?: boolean } = {}): Promise<AdminHarness> {
  await Promise.all([requireService('postgres'), requireService('nats')]);
  return startHarness(async (cleanups) => {
    const database = await createTestDatabase('admin_it');
    cleanups.push(() => database.drop());
    // A namespace of its own: only this harness's events reach its consumers (its durables go with its streams).
    const namespace = uniqueNamespace('admin-it');
    cleanups.push(() => deleteNamespaceStreams(namespace));
    const bus = await createNatsEventBus({
      url: TEST_SERVICES.nats.url,
      name: 'admin-test',
      logger: silentLogger,
      namespace,
    });
    cleanups.push(() => bus.close());
    const server = await listenFirst(cleanups);
    const { url } = server;

    const messagesConsumer = `admin_it_messages_${uniqueTag(6)}`;
    const config = loadConfig(adminConfigSchema, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      ADMIN_MESSAGES_CONSUMER: messagesConsumer,
      ADMIN_USERS_CONSUMER: `admin_it_users_${uniqueTag(6)}`,
      ADMIN_AUDIT_CONSUMER: `admin_it_audit_${uniqueTag(6)}`,
      DM_REQUEST_TIMEOUT_MS: '5000',
      // Nobody answers auth's questions here: a name the harness did not store is 'Unknown User' quickly.
      AUTH_REQUEST_TIMEOUT_MS: '200',
    });

    const tokens = await createTestTokenIssuer({ issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
    const { verifier } = tokens;

    const service = await createAdminService(config, {
      logger: silentLogger,
      bus,
      cache: createMemoryCache(),
      collectProcessMetrics: false,
      verifier,
    });
    cleanups.push(() => service.stop());
    server.serve(service.app);

    const pool = new pg.Pool({ connectionString: database.url, max: 2, options: '-c search_path=admin' });
    cleanups.push(() => pool.end());

    let dm: DmSide | undefined;
    let dmPool: pg.Pool | undefined;
    if (options.withDm) {
      const dmDatabase = await createTestDatabase('admin_it_dm');
      cleanups.push(() => dmDatabase.drop());
      const dmServer = await listenFirst(cleanups);
      const dmService = await createDmService(
        loadConfig(dmConfigSchema, {
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: dmDatabase.url,
          DATABASE_POOL_SIZE: '5',
          DM_USERS_CONSUMER: `admin_it_dm_users_${uniqueTag(6)}`,
        }),
        { logger: silentLogger, bus, cache: createMemoryCache(), collectProcessMetrics: false, verifier },
      );
      cleanups.push(() => dmService.stop());
      dmServer.serve(dmService.app);
      const dmConnection = new pg.Pool({ connectionString: dmDatabase.url, max: 2, options: '-c search_path=dm' });
      cleanups.push(() => dmConnection.end());
      dmPool = dmConnection;
      const dmRequest = requestsTo(dmServer.url);
      dm = {
        url: dmServer.url,
        request: dmRequest,
        call: callsWith(dmRequest),
        async sql(text, values) {
          return (await dmConnection.query(text, values)).rows;
        },
      };
    }

    const request = requestsTo(url);
    return {
      url,
      config,
      bus,
      database,
      namespace,
      request,
      call: callsWith(request),
      stop: () => cleanups.run(),
      dm,
      async member(level = 'Apprentice', memberOptions = {}) {
        const id = randomUUID();
        const isAdmin = memberOptions.isAdmin ?? level === 'Admin';
        const firstName = memberOptions.firstName ?? level;
        const lastName = memberOptions.lastName ?? `Member ${uniqueTag(2)}`;
        const email = `${level.toLowerCase()}.${uniqueTag()}@it.crucible.test`;
        await pool.query(`INSERT INTO users (id, email, first_name, last_name) VALUES ($1, $2, $3, $4)`, [
          id,
          email,
          firstName,
          lastName,
        ]);
        await dmPool?.query(
          `INSERT INTO users (id, email, first_name, last_name, access_level, is_admin) VALUES ($1, $2, $3, $4, $5, $6)`,
          [id, email, firstName, lastName, level, isAdmin],
        );
        const { token } = await tokens.issue({ userId: id, accessLevel: level, isAdmin });
        return { id, token, name: `${firstName} ${lastName}` };
      },
      async sql(text, values) {
        return (await pool.query(text, values)).rows;
      },
    };
  });
}
