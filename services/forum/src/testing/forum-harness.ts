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
import express from 'express';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import pg from 'pg';
import { ACCESS_TOKEN_SESSION_CLAIM, type AccessLevel, type EventEnvelope, type SessionPrincipal } from '@crucible/proto';
import {
  createMemoryCache, createNatsEventBus, createTokenVerifier, listen, loadConfig, silentLogger, ACCESS_TOKEN_ALGORITHM, type EventBus,
} from '@crucible/platform';
import {
  TEST_SERVICES, collectEvents, createTestDatabase, deleteDurable, requireService, swapHandler, uniqueTag, type EventCollector, type TestDatabase,
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

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
}


export interface ForumHarness {
  readonly url: string;
  readonly config: ForumConfig;
  readonly service: Awaited<ReturnType<typeof createForumService>>;
  readonly bus: EventBus;
  readonly database: TestDatabase;
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** Sends and parses JSON, failing the test with the body when the status differs. */
  call<T = Record<string, unknown>>(path: string, options?: RequestOptions & { expect?: number }): Promise<T>;
  /** A member at `level`, known to the forum's replica of auth's users, with a live token. */
  member(level: AccessLevel, options?: { isAdmin?: boolean; firstName?: string; lastName?: string; email?: string; inReplica?: boolean }): Promise<Member>;
  /** Changes a member's live level, as an admin's change reaches verifiers. */
  setLevel(member: Member, level: AccessLevel): void;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  collectEvents(subjects: string[], keep: (event: EventEnvelope) => boolean): Promise<EventCollector>;
  stop(): Promise<void>;
}

export interface ForumHarnessOptions {
  blobStore?: 'disk' | 's3';
  env?: Record<string, string>;
}

export async function startForumHarness(options: ForumHarnessOptions = {}): Promise<ForumHarness> {
  await Promise.all([requireService('postgres'), requireService('nats')]);
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const database = await createTestDatabase('forum_it');
    cleanups.push(() => database.drop());

    const bus = await createNatsEventBus({ url: TEST_SERVICES.nats.url, name: 'forum-test', logger: silentLogger });
    cleanups.push(() => bus.close());

    const dataDir = await mkdtemp(join(tmpdir(), 'forum-it-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const blobEnv: Record<string, string> = {};
    if (options.blobStore === 's3') {
      const s3 = await startS3rver();
      cleanups.push(() => s3.stop());
      Object.assign(blobEnv, { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: S3RVER_CREDENTIALS.accessKey, S3_SECRET_KEY: S3RVER_CREDENTIALS.secretKey, S3_BUCKET: `forum-${uniqueTag()}` });
    }

    // Listen first so PUBLIC_URL (where disk-store links point) is this very server.
    const http = await listen(express(), 0, '127.0.0.1');
    cleanups.push(() => http.close());
    const url = `http://127.0.0.1:${http.port}`;

    const usersConsumer = `forum_it_users_${uniqueTag(6)}`;
    cleanups.push(() => deleteDurable(usersConsumer, 'AUTH'));
    const config = loadConfig(forumConfigSchema, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      FORUM_USERS_CONSUMER: usersConsumer,
      ...blobEnv,
      ...options.env,
    });

    const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { crv: 'Ed25519' });
    const kid = `forum-it-${uniqueTag()}`;
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' }] };
    const sessions = new Map<string, SessionPrincipal>();
    const verifier = createTokenVerifier({
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      loadKeys: async () => jwks,
      loadSession: async (sessionId) => sessions.get(sessionId) ?? null,
    });

    const service = await createForumService(config, { logger: silentLogger, bus, cache: createMemoryCache(), collectProcessMetrics: false, verifier });
    cleanups.push(() => service.stop());
    swapHandler(http.server, service.app);

    const pool = new pg.Pool({ connectionString: database.url, max: 3, options: '-c search_path=forum' });
    cleanups.push(() => pool.end());

    const request: ForumHarness['request'] = (path, requestOptions = {}) => {
      const headers: Record<string, string> = { ...requestOptions.headers };
      let body = requestOptions.body;
      if (requestOptions.json !== undefined) {
        body = JSON.stringify(requestOptions.json);
        headers['content-type'] ??= 'application/json';
      }
      if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
      return fetch(new URL(path, url), { method: requestOptions.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
    };

    const harness: ForumHarness = {
      url, config, service, bus, database, request,
      async call(path, callOptions = {}) {
        const response = await request(path, callOptions);
        const text = await response.text();
        const expected = callOptions.expect ?? 200;
        if (response.status !== expected) throw new Error(`${callOptions.method ?? 'GET'} ${path} answered ${response.status} (expected ${expected}): ${text}`);
        return (text ? JSON.parse(text) : undefined) as never;
      },
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
        const sessionId = randomUUID();
        sessions.set(sessionId, { userId: id, sessionId, accessLevel: level, isAdmin: member.isAdmin, isModerator: false, emailVerified: true });
        member.token = await signToken(privateKey, kid, config, id, sessionId);
        return member;
      },
      setLevel(member, level) {
        for (const session of sessions.values()) if (session.userId === member.id) session.accessLevel = level;
        member.level = level;
      },
      async sql(text, values) {
        return (await pool.query(text, values)).rows;
      },
      async collectEvents(subjects, keep) {
        return collectEvents(bus, { stream: 'FORUM', subjects, keep });
      },
      stop,
    };
    return harness;
  } catch (error) {
    await stop();
    throw error;
  }
}

function signToken(key: CryptoKey, kid: string, config: ForumConfig, userId: string, sessionId: string): Promise<string> {
  return new SignJWT({ [ACCESS_TOKEN_SESSION_CLAIM]: sessionId })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid })
    .setSubject(userId)
    .setIssuer(config.JWT_ISSUER)
    .setAudience(config.JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}



