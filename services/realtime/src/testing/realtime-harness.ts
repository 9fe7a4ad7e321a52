/**
 * Integration-test harness for the realtime service: real instances on real ports against the real
 * PostgreSQL (a database of its own), NATS (a namespace of its own) and Redis. One world holds the
 * database, namespace, signing key and sessions; it can start several instances, as a cluster runs
 * several replicas, each through the test kit's startServiceHarness joined to the world's database,
 * namespace, cache and tokens; an instance can get its own broker (the restart test's).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import {
  RPC,
  SUBJECTS,
  WS_ACCEPTED_PROTOCOL,
  WS_AUTH_PROTOCOL_PREFIX,
  serverSocketMessageSchema,
  type AccessLevel,
  type OnlineUser,
  type ServerSocketMessage,
} from '@crucible/proto';
import {
  createNatsEventBus,
  createRedisCache,
  loadConfig,
  newEvent,
  silentLogger,
  type Cache,
  type EventBus,
} from '@crucible/platform';
import {
  TEST_SERVICES,
  createTestDatabase,
  createTestTokenIssuer,
  deleteNamespaceStreams,
  requireService,
  startHarness,
  startServiceHarness,
  uniqueNamespace,
  uniqueTag,
  type TestCall,
} from '@crucible/test-kit';
import { realtimeConfigSchema } from '../config.ts';
import { createRealtimeService } from '../create-service.ts';

export interface Member {
  id: string;
  level: AccessLevel;
  firstName: string;
  lastName: string;
  email: string;
  sessionId: string;
  token: string;
}

/** The event dm publishes when `sender` sends `recipient` a message: what realtime notifies from. */
export function dmCreatedEvent(sender: Member, recipient: Member, content: string) {
  return newEvent(SUBJECTS.dmMessageCreated, {
    id: randomUUID(),
    content,
    senderId: sender.id,
    recipientId: recipient.id,
    createdAt: new Date().toISOString(),
    messageSizeBytes: content.length,
  });
}

export interface RealtimeInstance {
  url: string;
  wsUrl: string;
  bus: EventBus;
  service: Awaited<ReturnType<typeof createRealtimeService>>;
  /** Sends and parses JSON, failing the test with the body when the status differs. */
  call: TestCall;
  stop(): Promise<void>;
}

export interface RealtimeWorld {
  namespace: string;
  databaseUrl: string;
  startInstance(options?: { env?: Record<string, string>; natsUrl?: string }): Promise<RealtimeInstance>;
  member(options?: {
    level?: AccessLevel;
    firstName?: string;
    lastName?: string;
    profileImageUrl?: string;
  }): Promise<Member>;
  /** A second session (another device) of the same member. */
  newSession(member: Member): Promise<Member>;
  /** Ends the session as auth would: refused from now on, and auth.session.revoked published on `bus`. */
  revoke(member: Member, bus: EventBus): Promise<void>;
  /**
   * dm's blocks, as dm answers `RPC.dmBlockedBetween` (its own answer is tested in dm's suite): the
   * world answers that question from this list, so realtime's use of it is what these tests check.
   */
  setBlocked(blocker: Member, blocked: Member, isBlocked: boolean): void;
  /** While false, dm's answer to that question is a failure (dm broken). */
  setDmAnswering(answering: boolean): void;
  /** The member's Direct Messages switch as dm answers it in the same question. */
  setDirectMessagesOff(member: Member, off: boolean): void;
  /** How many times realtime has asked dm that question so far. */
  dmQuestions(): number;
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** The instances' shared cache (the run's key prefix applied), to stage what another instance wrote. */
  cache: Cache;
  stop(): Promise<void>;
}

export async function createRealtimeWorld(): Promise<RealtimeWorld> {
  await Promise.all([requireService('postgres'), requireService('nats'), requireService('redis')]);
  return startHarness(async (cleanups) => {
    const database = await createTestDatabase('realtime_it');
    cleanups.push(() => database.drop());
    const namespace = uniqueNamespace('rt-it');
    cleanups.push(() => deleteNamespaceStreams(namespace));
    const pool = new pg.Pool({ connectionString: database.url, max: 3, options: '-c search_path=realtime' });
    cleanups.push(() => pool.end());
    const cachePrefix = `${namespace}:`;
    const sharedCache = await createRedisCache({
      url: TEST_SERVICES.redis.url,
      keyPrefix: cachePrefix,
      logger: silentLogger,
    });
    cleanups.push(() => sharedCache.close());

    const blocks = new Set<string>();
    let dmAnswering = true;
    const directMessagesOff = new Set<string>();
    let dmQuestions = 0;
    const dmBus = await createNatsEventBus({
      url: TEST_SERVICES.nats.url,
      name: 'realtime-test-dm',
      logger: silentLogger,
      namespace,
    });
    cleanups.push(() => dmBus.close());
    await dmBus.reply(RPC.dmBlockedBetween, async ({ userA, userB }) => {
      dmQuestions += 1;
      if (!dmAnswering) throw new Error('dm cannot answer');
      const blocked = blocks.has(`${userA}>${userB}`) || blocks.has(`${userB}>${userA}`);
      return { blocked, directMessagesOff: directMessagesOff.has(userB) };
    });

    const defaults = loadConfig(realtimeConfigSchema, {});
    const tokens = await createTestTokenIssuer({ issuer: defaults.JWT_ISSUER, audience: defaults.JWT_AUDIENCE });
    const members = new Map<string, Member>();

    const startInstance = (options: { env?: Record<string, string>; natsUrl?: string } = {}) =>
      startHarness(async (instanceCleanups): Promise<RealtimeInstance> => {
        // Every instance joins the world's database, namespace, cache and token issuer, as replicas do.
        const instance = await startServiceHarness(instanceCleanups, {
          name: 'realtime',
          configSchema: realtimeConfigSchema,
          createService: createRealtimeService,
          database,
          namespace,
          natsUrl: options.natsUrl,
          cache: 'redis',
          cachePrefix,
          tokens,
          env: {
            DATABASE_POOL_SIZE: '10',
            REALTIME_PRESENCE_COALESCE_MS: '50',
            REALTIME_HEARTBEAT_MS: '5000',
            ...options.env,
          },
        });
        cleanups.push(instance.stop);
        return {
          url: instance.url,
          wsUrl: `${instance.url.replace(/^http/, 'ws')}/ws`,
          bus: instance.bus,
          service: instance.service,
          call: instance.call,
          stop: instance.stop,
        };
      });

    async function session(member: Omit<Member, 'sessionId' | 'token'>): Promise<Member> {
      const { token, sessionId } = await tokens.issue({ userId: member.id, accessLevel: member.level });
      return { ...member, sessionId, token };
    }

    return {
      namespace,
      databaseUrl: database.url,
      cache: sharedCache,
      startInstance,
      async member(options = {}) {
        const level = options.level ?? 'Apprentice';
        const base = {
          id: randomUUID(),
          level,
          firstName: options.firstName ?? level,
          lastName: options.lastName ?? `Member ${uniqueTag(2)}`,
          email: `${level.toLowerCase()}.${uniqueTag()}@it.crucible.test`,
        };
        await pool.query(
          `INSERT INTO users (id, email, first_name, last_name, access_level, profile_image_url) VALUES ($1, $2, $3, $4, $5, $6)`,
          [base.id, base.email, base.firstName, base.lastName, level, options.profileImageUrl ?? null],
        );
        const member = await session(base);
        members.set(member.id, member);
        return member;
      },
      newSession: (member) => session(member),
      async revoke(member, bus) {
        tokens.revoke(member.sessionId);
        await bus.publish(
          newEvent('auth.session.revoked', { sessionId: member.sessionId, userId: member.id, reason: 'signout' }),
        );
      },
      setBlocked(blocker, blocked, isBlocked) {
        if (isBlocked) blocks.add(`${blocker.id}>${blocked.id}`);
        else blocks.delete(`${blocker.id}>${blocked.id}`);
      },
      setDmAnswering(answering) {
        dmAnswering = answering;
      },
      setDirectMessagesOff(member, off) {
        if (off) directMessagesOff.add(member.id);
        else directMessagesOff.delete(member.id);
      },
      dmQuestions: () => dmQuestions,
      async sql(text, values) {
        return (await pool.query(text, values)).rows;
      },
      stop: () => cleanups.run(),
    };
  });
}

/** A socket as the web app opens it, recording what the server sends and how it closed. */
export class TestSocket {
  readonly messages: ServerSocketMessage[] = [];
  readonly invalid: string[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string; at: number }>;
  readonly socket: WebSocket;

  constructor(wsUrl: string, token: string | undefined, options: { origin?: string } = {}) {
    const protocols = token
      ? [WS_ACCEPTED_PROTOCOL, `${WS_AUTH_PROTOCOL_PREFIX}${Buffer.from(token).toString('base64url')}`]
      : [WS_ACCEPTED_PROTOCOL];
    this.socket = new WebSocket(wsUrl, protocols, { origin: options.origin });
    this.socket.on('message', (data) => {
      // A frame outside the contract is kept as a failure to show, not thrown inside ws's emitter.
      const parsed = serverSocketMessageSchema.safeParse(JSON.parse(String(data)));
      if (parsed.success) this.messages.push(parsed.data);
      else this.invalid.push(String(data));
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
    );
  }

  static async open(wsUrl: string, token: string): Promise<TestSocket> {
    const socket = new TestSocket(wsUrl, token);
    await socket.opened;
    return socket;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  of<T extends ServerSocketMessage['type']>(type: T): Extract<ServerSocketMessage, { type: T }>[] {
    return this.messages.filter(
      (message): message is Extract<ServerSocketMessage, { type: T }> => message.type === type,
    );
  }

  /** The online list as a client builds it: the last full list, then every change after it, in order. */
  onlineUsers(): OnlineUser[] | undefined {
    let users: Map<string, OnlineUser> | undefined;
    for (const message of this.messages) {
      if (message.type === 'online_users_update') users = new Map(message.users.map((user) => [user.id, user]));
      if (message.type === 'online_users_changed' && users) {
        for (const id of message.left) users.delete(id);
        for (const user of message.joined) users.set(user.id, user);
      }
    }
    return users && [...users.values()];
  }

  close(): Promise<unknown> {
    this.socket.close();
    return this.closed;
  }
}
