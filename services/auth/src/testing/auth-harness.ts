/**
 * Integration-test harness for the auth service: the real service on a real port, against the real
 * PostgreSQL (a database of its own), Redis (keys under a prefix of its own), NATS JetStream (the
 * shared server) and an SMTP server that captures every mail. Built the way the launcher builds it.
 */
import { expect } from 'vitest';
import { createHash, createPrivateKey, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { EventEnvelope, SessionPrincipal } from '@crucible/proto';
import {
  CLIENT_ADDRESS_HEADER,
  askAuthForKeys,
  askAuthForSession,
  createNatsEventBus,
  createRedisCache,
  createSessionLookup,
  createTokenVerifier,
  signClientAddress,
  silentLogger,
  type Cache,
  type EventBus,
  type TokenVerifier,
} from '@crucible/platform';
import {
  TEST_SERVICES,
  collectEvents as collectStreamEvents,
  requestsTo,
  startHarness,
  startServiceHarness,
  startSmtpCapture,
  uniqueTag,
  type EventCollector,
  type SmtpCapture,
  type TestDatabase,
  type TestRequestOptions,
} from '@crucible/test-kit';
import { authConfigSchema, type AuthConfig } from '../config.ts';
import { createAuthService } from '../create-service.ts';

export const TEST_PASSWORD = 'correct horse battery';

/** The harness's GATEWAY_SECRET: it names its client addresses as the gateway does, signed with it. */
export const TEST_GATEWAY_SECRET = 'auth-harness-gateway-secret-not-a-real-one';

export function uniqueEmail(label = 'member'): string {
  return `${label}.${uniqueTag()}@it.crucible.test`;
}

/**
 * A client address nobody else uses (IPv6 documentation prefix). Rate-limit counters are keyed by
 * it in Redis without any prefix, so every harness sends its own as the gateway names a client (the
 * signed client-address header) and never touches the counters of other runs sharing the server.
 */
export function uniqueClientIp(): string {
  const hex = randomBytes(8).toString('hex').match(/.{4}/g)!;
  return `2001:db8:${hex.join(':')}`;
}

/**
 * The Ed25519 signing key every harness configures (derived from a fixed seed, so no key material
 * sits in the repository). All auth instances of these tests answer `rpc.auth.jwks` on the shared
 * NATS server; with one key, whichever instance answers a verifier, its keys are the right ones.
 */
export function testSigningJwk(seedText = 'crucible auth integration tests'): Record<string, string> {
  const seed = createHash('sha256').update(seedText).digest();
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const jwk = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' }) as Record<
    string,
    string
  >;
  return {
    ...jwk,
    kid: `it-${createHash('sha256').update(seedText).digest('hex').slice(0, 12)}`,
    alg: 'EdDSA',
    use: 'sig',
  };
}

export interface RequestOptions extends TestRequestOptions {
  /** Client address, named as the gateway names it (signed); the harness's own when omitted. */
  ip?: string;
}

export interface SignedUp {
  id: string;
  email: string;
  password: string;
  token: string;
}

export { deleteDurable, uniqueTag, type EventCollector } from '@crucible/test-kit';

/** Events of this test on the AUTH stream (of the bus's namespace). */
export function collectEvents(
  bus: EventBus,
  subjects: string[],
  keep: (event: EventEnvelope) => boolean,
): Promise<EventCollector> {
  return collectStreamEvents(bus, { stream: 'AUTH', subjects, keep });
}

export interface AuthHarness {
  readonly url: string;
  readonly config: AuthConfig;
  readonly service: Awaited<ReturnType<typeof createAuthService>>;
  /** The real NATS bus (the service may have been given a wrapper of it). */
  readonly bus: EventBus;
  readonly cache: Cache;
  readonly cachePrefix: string;
  /** NATS_NAMESPACE of this harness's bus. */
  readonly namespace: string;
  readonly smtp: SmtpCapture;
  readonly database: TestDatabase;
  /** This harness's client address (the signed client-address header). */
  readonly ip: string;
  request(path: string, options?: RequestOptions): Promise<Response>;
  /**
   * Signs up a fresh member (unique e-mail unless given), signs them in when sign-up did not (it mailed
   * a verification link), and returns its id, token and password.
   */
  signUp(
    fields?: Partial<{ email: string; password: string; firstName: string; lastName: string; ip: string }>,
  ): Promise<SignedUp>;
  /** The token of a new session; from the harness's client address unless `clientIp` is given. */
  signIn(email: string, password: string, clientIp?: string): Promise<string>;
  currentUser(token: string): Promise<Record<string, unknown>>;
  /** SQL on the test database, search_path auth. */
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /**
   * A verifier as other services build it: keys asked of auth over the bus, sessions read through a
   * second Redis client on the same key prefix (the shared cache), else asked of auth over the bus.
   */
  otherServiceVerifier(): Promise<TokenVerifier>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string | undefined>;
  /** Another harness's database (a second replica); it is left for its owner to drop. */
  database?: TestDatabase;
  cachePrefix?: string;
  /** Another harness's NATS_NAMESPACE (a second replica); its streams are left for its owner to delete. */
  namespace?: string;
  /** Wraps the real bus before the service gets it (to simulate a broker outage). */
  wrapBus?: (bus: EventBus) => EventBus;
}

const HIGH_LIMIT = '100000';

export async function startAuthHarness(options: HarnessOptions = {}): Promise<AuthHarness> {
  return startHarness(async (cleanups) => {
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    // Only this harness's auth answers its verifiers' questions and reads its events on the shared
    // broker; a second replica (options.database) joins the first one's namespace and cache.
    const harness = await startServiceHarness(cleanups, {
      name: 'auth',
      configSchema: authConfigSchema,
      createService: createAuthService,
      database: options.database,
      namespace: options.namespace,
      cache: 'redis',
      cachePrefix: options.cachePrefix,
      wrapBus: options.wrapBus,
      // Data exports are kept in a disk blob store: this harness's own folder, not the repository's.
      dataDir: true,
      env: {
        SMTP_URL: smtp.url,
        AUTH_SIGNING_KEY: JSON.stringify(testSigningJwk()),
        RATE_LIMIT_SIGNIN_PER_IP: HIGH_LIMIT,
        RATE_LIMIT_SIGNIN_PER_ACCOUNT: HIGH_LIMIT,
        RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT_AND_IP: HIGH_LIMIT,
        RATE_LIMIT_SIGNUP_PER_IP: HIGH_LIMIT,
        RATE_LIMIT_PASSWORD_RESET_PER_IP: HIGH_LIMIT,
        RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: HIGH_LIMIT,
        RATE_LIMIT_WINDOW_SECONDS: '120',
        GATEWAY_SECRET: TEST_GATEWAY_SECRET,
        ...options.env,
      },
    });
    const { url, config, namespace, cachePrefix } = harness;
    const ip = uniqueClientIp();

    const requestAsIs = requestsTo(url);
    const request: AuthHarness['request'] = (path, requestOptions = {}) =>
      requestAsIs(path, {
        ...requestOptions,
        headers: {
          [CLIENT_ADDRESS_HEADER]: signClientAddress(requestOptions.ip ?? ip, TEST_GATEWAY_SECRET),
          ...requestOptions.headers,
        },
      });

    const currentUser = async (token: string) => {
      const response = await request('/api/auth/user', { token });
      if (response.status !== 200)
        throw new Error(`GET /api/auth/user answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };

    const signIn = async (email: string, password: string, clientIp?: string) => {
      const response = await request('/api/auth/signin', { json: { email, password }, ip: clientIp });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { token: string }).token;
    };

    return {
      url,
      config,
      service: harness.service,
      bus: harness.bus,
      cache: harness.cache,
      cachePrefix,
      namespace,
      smtp,
      database: harness.database,
      ip,
      request,
      currentUser,
      async signUp(fields = {}) {
        const email = fields.email ?? uniqueEmail();
        const password = fields.password ?? TEST_PASSWORD;
        const response = await request('/api/auth/signup', {
          json: { email, password, firstName: fields.firstName ?? 'Test', lastName: fields.lastName ?? 'Member' },
          ip: fields.ip,
        });
        if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
        // A member who was mailed a verification link is not signed in by sign-up.
        const signedUp = (await response.json()) as { token?: string };
        const token = signedUp.token ?? (await signIn(email, password, fields.ip));
        const user = await currentUser(token);
        return { id: String(user.id), email: email.toLowerCase(), password, token };
      },
      signIn,
      sql: harness.sql,
      async otherServiceVerifier() {
        const otherBus = await createNatsEventBus({
          url: TEST_SERVICES.nats.url,
          name: 'auth-test-other-service',
          namespace,
          logger: silentLogger,
        });
        cleanups.push(() => otherBus.close());
        const otherCache = await createRedisCache({
          url: TEST_SERVICES.redis.url,
          keyPrefix: cachePrefix,
          logger: silentLogger,
        });
        cleanups.push(() => otherCache.close());
        return createTokenVerifier({
          issuer: config.JWT_ISSUER,
          audience: config.JWT_AUDIENCE,
          loadKeys: askAuthForKeys(otherBus),
          loadSession: createSessionLookup(otherCache, otherBus, askAuthForSession(otherBus)),
        });
      },
      stop: harness.stop,
    };
  });
}

/** How long another process may take to learn of a session change by broadcast (milliseconds in practice). */
const BROADCAST_PROPAGATION_MS = 2000;

/**
 * What another service answers for `token` once a change made in auth has had time to reach it: the
 * change travels by broadcast, so it applies there within milliseconds, not at the same instant.
 */
export function verifiedElsewhereSoon(verifier: TokenVerifier, token: string) {
  return expect.poll(() => verifyElsewhere(verifier, token), { timeout: BROADCAST_PROPAGATION_MS, interval: 20 });
}

/** The principal another service's verifier resolves, or the HTTP status it refuses with. */
export async function verifyElsewhere(verifier: TokenVerifier, token: string): Promise<SessionPrincipal | number> {
  try {
    return await verifier.verify(token);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number') return status;
    throw error;
  }
}

/** Cookie header value for `name` from a response's Set-Cookie headers. */
export function cookieFrom(
  response: Response,
  name: string,
): { header: string; value: string; attributes: string[] } | undefined {
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    if (pair.slice(0, separator) === name)
      return { header: pair, value: decodeURIComponent(pair.slice(separator + 1)), attributes };
  }
  return undefined;
}
