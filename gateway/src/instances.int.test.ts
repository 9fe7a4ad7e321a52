/**
 * Two gateway instances, each with its own broker connection and Redis client, as two replicas run:
 * sessions cached in each one's memory must follow auth's changes, and rate limits must hold across both.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authConfigSchema, createAuthService } from '@crucible/auth';
import { authRoutes } from '@crucible/proto';
import {
  createRedisCache,
  createRemoteTokenVerifier,
  listen,
  loadConfig,
  silentLogger,
  writeSessionToCache,
  type Cache,
  type EventBus,
  type RunningService,
} from '@crucible/platform';
import {
  callsWith,
  createTestDatabase,
  createTestNatsBus,
  requestsTo,
  requireService,
  TEST_SERVICES,
  uniqueNamespace,
  type TestDatabase,
} from '@crucible/test-kit';
import { gatewayConfigSchema } from './config.ts';
import { createGateway, type Gateway } from './create-gateway.ts';

type Server = Awaited<ReturnType<typeof listen>>;

const WITHIN_ONE_SECOND = { timeout: 1_000, interval: 20 };
const namespace = uniqueNamespace('gw-instances');
const sessionPrefix = `test-${randomBytes(4).toString('hex')}:`;

let database: TestDatabase;
let auth: RunningService;
let authServer: Server;
const buses: EventBus[] = [];
const caches: Cache[] = [];
const started: { gateway: Gateway; server: Server }[] = [];

/** Its own broker connection on the shared namespace, as a separate process would have. */
async function connectBus(name: string): Promise<EventBus> {
  const bus = await createTestNatsBus(name, namespace);
  buses.push(bus);
  return bus;
}

async function connectCache(keyPrefix = sessionPrefix): Promise<Cache> {
  const cache = await createRedisCache({ url: TEST_SERVICES.redis.url, keyPrefix, logger: silentLogger });
  caches.push(cache);
  return cache;
}

async function startGateway(env: Record<string, string> = {}, keyPrefix = sessionPrefix): Promise<string> {
  const config = loadConfig(gatewayConfigSchema, { AUTH_URL: `http://127.0.0.1:${authServer.port}`, ...env });
  const gateway = createGateway(config, {
    logger: silentLogger,
    bus: await connectBus('gateway'),
    cache: await connectCache(keyPrefix),
    collectProcessMetrics: false,
  });
  const server = await listen(gateway.app, 0, '127.0.0.1');
  started.push({ gateway, server });
  return `http://127.0.0.1:${server.port}`;
}

/** A new member's token: signed up, then signed in (sign-up opens no session when it mails a verification link). */
async function signUp(gatewayUrl: string): Promise<string> {
  const credentials = { email: `gw-${randomBytes(4).toString('hex')}@example.com`, password: 'long-enough-1' };
  const call = callsWith(requestsTo(gatewayUrl));
  await call(authRoutes.signUp, { body: { ...credentials, firstName: 'Two', lastName: 'Gates' } });
  const signedIn = await call(authRoutes.signIn, { body: credentials });
  return (signedIn as { token: string }).token;
}

const asMember = (token: string, headers: Record<string, string> = {}) => ({
  headers: { authorization: `Bearer ${token}`, ...headers },
});

beforeAll(async () => {
  await Promise.all([requireService('nats'), requireService('redis')]);
  database = await createTestDatabase('gateway_instances');
  auth = await createAuthService(loadConfig(authConfigSchema, { DATABASE_URL: database.url }), {
    logger: silentLogger,
    bus: await connectBus('auth'),
    cache: await connectCache(),
    collectProcessMetrics: false,
  });
  authServer = await listen(auth.app, 0, '127.0.0.1');
});

afterAll(async () => {
  for (const { gateway, server } of started) {
    await server.close();
    await gateway.stop();
  }
  await authServer?.close();
  await auth?.stop();
  for (const bus of buses.reverse()) await bus.close();
  for (const cache of caches) await cache.close();
  await database?.drop();
});

describe('two gateway instances', () => {
  it('refuse a signed-out session on both within one second, though both had it in memory', async () => {
    const first = await startGateway();
    const second = await startGateway();
    const token = await signUp(first);
    // A member route: each gateway checks the session itself before proxying.
    const count = (gateway: string, status?: number) =>
      callsWith(requestsTo(gateway))(authRoutes.countUsers, { token, expect: status });
    for (const gateway of [first, second, first, second]) await count(gateway);

    await callsWith(requestsTo(first))(authRoutes.signOut, { token });

    await vi.waitFor(async () => {
      await count(first, 401);
      await count(second, 401);
    }, WITHIN_ONE_SECOND);
  });

  it("see a session's changed level on both verifiers within one second", async () => {
    const gateway = await startGateway();
    const token = await signUp(gateway);
    const verifiers = [await connectBus('one'), await connectBus('two')].map(async (bus) =>
      createRemoteTokenVerifier({ bus, cache: await connectCache(), issuer: 'crucible-auth', audience: 'crucible' }),
    );
    const [one, two] = await Promise.all(verifiers);
    const before = await one!.verify(token);
    expect(await two!.verify(token)).toEqual(before);

    const changed = { ...before, accessLevel: before.accessLevel === 'Master' ? 'Journeyman' : 'Master' } as const;
    await writeSessionToCache(caches[0]!, buses[0]!, before.sessionId, changed);

    await vi.waitFor(async () => {
      expect(await one!.verify(token)).toEqual(changed);
      expect(await two!.verify(token)).toEqual(changed);
    }, WITHIN_ONE_SECOND);
  });

  it('share the per-IP limit through one Redis: the sixth request of five allowed is refused whichever answers', async () => {
    const limitPrefix = `test-${randomBytes(4).toString('hex')}:`;
    const env = { RATE_LIMIT_PER_IP_PER_MINUTE: '5' };
    const gateways = [await startGateway(env, limitPrefix), await startGateway(env, limitPrefix)];
    const client = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      // Raw: the statuses are collected as they come, whatever they are.
      const response = await fetch(`${gateways[attempt % 2]}/api/auth/jwks`, {
        headers: { 'x-forwarded-for': client },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('share the per-account limit through one Redis, counted with the IP in the same round trip', async () => {
    const limitPrefix = `test-${randomBytes(4).toString('hex')}:`;
    const env = { RATE_LIMIT_PER_IP_PER_MINUTE: '1000', RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '4' };
    const gateways = [await startGateway(env, limitPrefix), await startGateway(env, limitPrefix)];
    const token = await signUp(gateways[0]!);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      // A different address each time: only the account ties these requests together.
      // Raw: the statuses are collected as they come, and a 429's Retry-After header is read.
      const response = await fetch(
        `${gateways[attempt % 2]}/api/users/count`,
        asMember(token, { 'x-forwarded-for': `10.9.${attempt}.${Math.floor(Math.random() * 250)}` }),
      );
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
