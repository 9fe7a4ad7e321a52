/**
 * Integration-test harness for the profile service: the real service on a real port, against the
 * real PostgreSQL (a database of its own), NATS JetStream (a namespace of its own) and a disk blob
 * store in a temporary folder. Tokens are real EdDSA JWTs resolved to sessions the test sets.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { profileConfigSchema, type ProfileConfig } from '../config.ts';
import { createProfileService } from '../create-service.ts';
import type { ProfileContext } from '../use-cases/context.ts';

export interface Member {
  id: string;
  token: string;
  level: AccessLevel;
}

export interface ProfileHarness {
  readonly url: string;
  readonly config: ProfileConfig;
  /** The bus the service uses: tests publish forum's and auth's events on it. */
  readonly bus: EventBus;
  readonly database: TestDatabase;
  readonly context: ProfileContext;
  request: TestRequest;
  call: TestCall;
  /** A signed-in member that auth has announced (the replica holds them). */
  member(level?: AccessLevel, names?: { firstName?: string; lastName?: string }): Promise<Member>;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  stop(): Promise<void>;
}

export function startProfileHarness(): Promise<ProfileHarness> {
  return startHarness(async (cleanups) => {
    await Promise.all([requireService('postgres'), requireService('nats')]);
    const database = await createTestDatabase('profile_it');
    cleanups.push(() => database.drop());
    const namespace = uniqueNamespace('profile-it');
    cleanups.push(() => deleteNamespaceStreams(namespace));
    const bus = await createNatsEventBus({
      url: TEST_SERVICES.nats.url,
      name: 'profile-test',
      logger: silentLogger,
      namespace,
    });
    cleanups.push(() => bus.close());
    const dataDir = await mkdtemp(join(tmpdir(), 'profile-it-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await listenFirst(cleanups);

    const config = loadConfig(profileConfigSchema, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PUBLIC_URL: server.url,
      PROFILE_USERS_CONSUMER: `profile_it_users_${uniqueTag(6)}`,
      PROFILE_FORUM_CONSUMER: `profile_it_forum_${uniqueTag(6)}`,
    });

    const tokens = await createTestTokenIssuer({ issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
    const { verifier } = tokens;

    const service = await createProfileService(config, {
      logger: silentLogger,
      bus,
      cache: createMemoryCache(),
      collectProcessMetrics: false,
      verifier,
    });
    cleanups.push(() => service.stop());
    server.serve(service.app);

    const pool = new pg.Pool({ connectionString: database.url, max: 2, options: '-c search_path=profile' });
    cleanups.push(() => pool.end());
    const request = requestsTo(server.url);

    return {
      url: server.url,
      config,
      bus,
      database,
      context: service.context,
      request,
      call: callsWith(request),
      stop: () => cleanups.run(),
      async member(level = 'Apprentice', names = {}) {
        const id = randomUUID();
        const isAdmin = level === 'Admin';
        await pool.query(
          `INSERT INTO users (id, email, first_name, last_name, access_level, is_admin) VALUES ($1, $2, $3, $4, $5, $6)`,
          [id, `${id}@example.test`, names.firstName ?? 'Test', names.lastName ?? level, level, isAdmin],
        );
        const { token } = await tokens.issue({ userId: id, accessLevel: level, isAdmin });
        return { id, token, level };
      },
      async sql(text, values) {
        return (await pool.query(text, values)).rows;
      },
    };
  });
}
