/**
 * Integration-test harness for the project service: the real service on a real port, against the
 * real PostgreSQL (a database of its own) and NATS JetStream (the shared server; a namespace of its
 * own). Tokens are real EdDSA JWTs checked by the platform's verifier, resolved to sessions the test
 * sets, so the rules see exactly the principal a gateway would pass.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { projectConfigSchema, type ProjectConfig } from '../config.ts';
import { createProjectService } from '../create-service.ts';

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

export interface ProjectHarness {
  readonly url: string;
  readonly config: ProjectConfig;
  readonly service: Awaited<ReturnType<typeof createProjectService>>;
  readonly bus: EventBus;
  readonly database: TestDatabase;
  request: TestRequest;
  call: TestCall;
  /** A member at `level` with a live token, known to the users replica unless `inReplica` is false. */
  member(level: AccessLevel, options?: { isAdmin?: boolean; inReplica?: boolean }): Promise<Member>;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  collectEvents(subjects: string[], keep: (event: EventEnvelope) => boolean): Promise<EventCollector>;
  stop(): Promise<void>;
}

export async function startProjectHarness(options: { env?: Record<string, string> } = {}): Promise<ProjectHarness> {
  await Promise.all([requireService('postgres'), requireService('nats')]);
  return startHarness(async (cleanups) => {
    const database = await createTestDatabase('project_it');
    cleanups.push(() => database.drop());

    const namespace = uniqueNamespace('project-it');
    cleanups.push(() => deleteNamespaceStreams(namespace));
    const bus = await createNatsEventBus({
      url: TEST_SERVICES.nats.url,
      name: 'project-test',
      namespace,
      logger: silentLogger,
    });
    cleanups.push(() => bus.close());

    const server = await listenFirst(cleanups);
    const dataDir = await mkdtemp(join(tmpdir(), 'project-it-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const config = loadConfig(projectConfigSchema, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '30',
      PROJECT_USERS_CONSUMER: `project_it_users_${uniqueTag(6)}`,
      // A disk blob store of its own behind this server's signed URLs.
      PUBLIC_URL: server.url,
      DATA_DIR: dataDir,
      ...options.env,
    });

    const tokens = await createTestTokenIssuer({ issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
    const { verifier } = tokens;

    const service = await createProjectService(config, {
      logger: silentLogger,
      bus,
      cache: createMemoryCache(),
      collectProcessMetrics: false,
      verifier,
    });
    cleanups.push(() => service.stop());
    server.serve(service.app);

    const pool = new pg.Pool({ connectionString: database.url, max: 3, options: '-c search_path=project' });
    cleanups.push(() => pool.end());
    const request = requestsTo(server.url);

    return {
      url: server.url,
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
          firstName: level,
          lastName: `Member ${uniqueTag(2)}`,
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
      collectEvents: (subjects, keep) => collectEvents(bus, { stream: 'PROJECT', subjects, keep }),
      stop: () => cleanups.run(),
    };
  });
}
