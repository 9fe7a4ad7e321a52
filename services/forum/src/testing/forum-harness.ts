/**
 * Integration-test harness for the forum service: the real service on a real port, against the
 * real PostgreSQL (a database of its own), NATS JetStream (the shared server; durable names of its
 * own) and a real blob store (a disk folder behind signed URLs, or an S3-protocol server).
 *
 * Tokens are real EdDSA JWTs checked by the platform's verifier, signed with a key of the harness
 * and resolved to sessions the test sets: the forum's rules see exactly the principal a gateway
 * would pass, without running auth (whose own tests cover issuing them).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type AccessLevel, type EventEnvelope } from '@crucible/proto';
import {
  createMemoryCache,
  createNatsEventBus,
  createRedisCache,
  loadConfig,
  silentLogger,
  type EventBus,
} from '@crucible/platform';
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
  waitForConsumerToCatchUp,
  type EventCollector,
  type TestCall,
  type TestDatabase,
  type TestRequest,
  createTestTokenIssuer,
} from '@crucible/platform/testing';

export { uniqueTag, type EventCollector };
// The platform's S3-protocol test server (not exported from @crucible/platform/testing yet).
import { S3RVER_CREDENTIALS, startS3rver } from '../../../platform/src/blob/blob-test-servers.ts';
import { forumConfigSchema, type ForumConfig } from '../config.ts';
import { createForumService } from '../create-service.ts';

export interface Member {
  id: string;
  level: AccessLevel;
  isAdmin: boolean;
  token: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface ForumHarness {
  readonly url: string;
  readonly config: ForumConfig;
  readonly service: Awaited<ReturnType<typeof createForumService>>;
  readonly bus: EventBus;
  readonly database: TestDatabase;
  request: TestRequest;
  /** Sends and parses JSON, failing the test with the body when the status differs. */
  call: TestCall;
  /** A member at `level`, known to the forum's replica of auth's users, with a live token. */
  member(
    level: AccessLevel,
    options?: { isAdmin?: boolean; firstName?: string; lastName?: string; email?: string; inReplica?: boolean },
  ): Promise<Member>;
  /** Changes a member's live level, as an admin's change reaches verifiers. */
  setLevel(member: Member, level: AccessLevel): void;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Waits until the first-page cache's consumer has handled every forum event so far. */
  pagesConsumerCaughtUp(): Promise<void>;
  collectEvents(subjects: string[], keep: (event: EventEnvelope) => boolean): Promise<EventCollector>;
  stop(): Promise<void>;
}

export interface ForumHarnessOptions {
  blobStore?: 'disk' | 's3';
  /** Join another harness's NATS_NAMESPACE (e.g. an auth harness's, to receive its user events); it deletes the streams. */
  namespace?: string;
  env?: Record<string, string>;
  /** The platform cache: in memory (default), or the real Redis under the harness's namespace. */
  cache?: 'memory' | 'redis';
}

export async function startForumHarness(options: ForumHarnessOptions = {}): Promise<ForumHarness> {
  await Promise.all([requireService('postgres'), requireService('nats')]);
  return startHarness(async (cleanups) => {
    const database = await createTestDatabase('forum_it');
    cleanups.push(() => database.drop());

    // A namespace of its own: only this harness's events reach its consumers (its durables go with its streams).
    const namespace = options.namespace ?? uniqueNamespace('forum-it');
    if (!options.namespace) cleanups.push(() => deleteNamespaceStreams(namespace));
    const bus = await createNatsEventBus({
      url: TEST_SERVICES.nats.url,
      name: 'forum-test',
      namespace,
      logger: silentLogger,
    });
    cleanups.push(() => bus.close());

    const dataDir = await mkdtemp(join(tmpdir(), 'forum-it-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const blobEnv: Record<string, string> = {};
    if (options.blobStore === 's3') {
      const s3 = await startS3rver();
      cleanups.push(() => s3.stop());
      Object.assign(blobEnv, {
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: S3RVER_CREDENTIALS.accessKey,
        S3_SECRET_KEY: S3RVER_CREDENTIALS.secretKey,
        S3_BUCKET: `forum-${uniqueTag()}`,
      });
    }

    const server = await listenFirst(cleanups);
    const { url } = server;

    const usersConsumer = `forum_it_users_${uniqueTag(6)}`;
    const config = loadConfig(forumConfigSchema, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      FORUM_USERS_CONSUMER: usersConsumer,
      FORUM_PAGES_CONSUMER: `forum_it_pages_${uniqueTag(6)}`,
      ...blobEnv,
      ...options.env,
    });

    const tokens = await createTestTokenIssuer({ issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
    const { verifier } = tokens;

    const cache =
      options.cache === 'redis'
        ? await createRedisCache({
            url: await requireService('redis'),
            keyPrefix: `${namespace}:`,
            logger: silentLogger,
          })
        : createMemoryCache();
    cleanups.push(() => cache.close());
    const service = await createForumService(config, {
      logger: silentLogger,
      bus,
      cache,
      collectProcessMetrics: false,
      verifier,
    });
    cleanups.push(() => service.stop());
    server.serve(service.app);

    const pool = new pg.Pool({ connectionString: database.url, max: 3, options: '-c search_path=forum' });
    cleanups.push(() => pool.end());

    const request = requestsTo(url);

    const harness: ForumHarness = {
      url,
      config,
      service,
      bus,
      database,
      request,
      call: callsWith(request),
      async member(level, memberOptions = {}) {
        const id = randomUUID();
        const member: Member = {
          id,
          level,
          isAdmin: memberOptions.isAdmin ?? level === 'Admin',
          token: '',
          firstName: memberOptions.firstName ?? `${level}`,
          lastName: memberOptions.lastName ?? `Member ${uniqueTag(2)}`,
          email: memberOptions.email ?? `${level.toLowerCase()}.${uniqueTag()}@it.crucible.test`,
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
      setLevel(member, level) {
        tokens.setAccessLevel(member.id, level);
        member.level = level;
      },
      async sql(text, values) {
        return (await pool.query(text, values)).rows;
      },
      pagesConsumerCaughtUp: () => waitForConsumerToCatchUp(namespace, 'FORUM', config.FORUM_PAGES_CONSUMER),
      async collectEvents(subjects, keep) {
        return collectEvents(bus, { stream: 'FORUM', subjects, keep });
      },
      stop: () => cleanups.run(),
    };
    return harness;
  });
}
