/**
 * Two products (auth + forum each, built as the launcher builds them: connectInfrastructure with
 * NATS_NAMESPACE) on the one real NATS and Redis, each with its own database and namespace.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { authConfigSchema, createAuthService } from '@crucible/auth';
import { createForumService, forumConfigSchema } from '@crucible/forum';
import { listen, loadConfig, type EventBus } from '@crucible/platform';
import { uniqueTag } from '@crucible/test-kit';
import { PRODUCT_TEST_PASSWORD, productTestSetting } from './testing/product-setting.ts';

const WAIT = { timeout: 15_000, interval: 100 };
const PASSWORD = PRODUCT_TEST_PASSWORD;

interface Product {
  namespace: string;
  adminEmail: string;
  signUp(firstName: string): Promise<{ id: string; email: string; token: string }>;
  signIn(email: string): Promise<string>;
  forum(path: string, token: string, json?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  forumUserIds(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * `pauseUserEvents` gives forum a bus whose durable subscriptions never run, as when its users
 * consumer is behind: every user it shows must then come from asking auth.
 */
async function startProduct(options: { pauseUserEvents?: boolean } = {}): Promise<Product> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const { namespace, database, adminEmail, env, infrastructure, deps } = await productTestSetting(
      cleanups,
      'product',
    );
    const auth = await createAuthService(loadConfig(authConfigSchema, env), deps);
    cleanups.push(() => auth.stop());
    const pausedBus: EventBus = { ...infrastructure.bus, subscribe: async () => ({ stop: async () => {} }) };
    const forum = await createForumService(loadConfig(forumConfigSchema, env), {
      ...deps,
      bus: options.pauseUserEvents ? pausedBus : infrastructure.bus,
    });
    cleanups.push(() => forum.stop());
    const authHttp = await listen(auth.app, 0, '127.0.0.1');
    cleanups.push(() => authHttp.close());
    const forumHttp = await listen(forum.app, 0, '127.0.0.1');
    cleanups.push(() => forumHttp.close());
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    cleanups.push(() => pool.end());

    const post = async (port: number, path: string, json: unknown, token?: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const signIn = async (email: string) => {
      const signedIn = await post(authHttp.port, '/api/auth/signin', { email, password: PASSWORD });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      return String(signedIn.body.token);
    };
    return {
      namespace,
      adminEmail,
      async signUp(firstName) {
        const email = `${firstName.toLowerCase()}.${uniqueTag()}@it.crucible.test`;
        const signedUp = await post(authHttp.port, '/api/auth/signup', {
          email,
          password: PASSWORD,
          firstName,
          lastName: 'Tester',
        });
        expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
        // Sign-up opens no session when it mails a verification link.
        const token = await signIn(email);
        const me = await fetch(`http://127.0.0.1:${authHttp.port}/api/auth/user`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return { id: String(((await me.json()) as { id: string }).id), email, token };
      },
      signIn,
      forum: (path, token, json) => post(forumHttp.port, path, json, token),
      async forumUserIds() {
        return (await pool.query<{ id: string }>('SELECT id FROM forum.users')).rows.map((row) => row.id);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

describe('two products on one NATS and Redis, each in its own namespace', () => {
  let first: Product;
  let second: Product;

  beforeAll(async () => {
    [first, second] = await Promise.all([startProduct(), startProduct()]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it("replicates every one of its own sign-ups into its forum and none of the other's", async () => {
    const firstMembers = [await first.signUp('Ada'), await first.signUp('Alan'), await first.signUp('Grace')];
    const secondMembers = [await second.signUp('Edsger'), await second.signUp('Barbara')];

    await vi.waitFor(
      async () =>
        expect(await first.forumUserIds()).toEqual(expect.arrayContaining(firstMembers.map((member) => member.id))),
      WAIT,
    );
    await vi.waitFor(
      async () =>
        expect(await second.forumUserIds()).toEqual(expect.arrayContaining(secondMembers.map((member) => member.id))),
      WAIT,
    );
    // Each forum holds its own admin and members: the other product's sign-ups never arrived.
    expect(await first.forumUserIds()).toHaveLength(firstMembers.length + 1);
    expect(await second.forumUserIds()).toHaveLength(secondMembers.length + 1);
    expect(await first.forumUserIds()).not.toEqual(expect.arrayContaining([secondMembers[0]!.id]));
  });

  it("accepts only its own auth's tokens: the other product's auth never answers its questions", async () => {
    const member = await second.signUp('Visitor');
    const listed = await first.forum('/api/discussions', member.token);
    expect(listed.status).toBe(401);
  });
});

describe('a member whose sign-up event has not reached the forum yet', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct({ pauseUserEvents: true });
  });
  afterAll(() => product?.stop());

  it("is shown by name on their first post, not as 'Unknown User'", async () => {
    const token = await product.signIn(product.adminEmail);
    expect(await product.forumUserIds()).toEqual([]);

    const created = await product.forum('/api/discussions', token, {
      title: `First words ${uniqueTag()}`,
      content: 'Hello',
      category: 'Apprentice',
    });

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.author).toMatchObject({ firstName: 'Admin' });
    expect(await product.forumUserIds()).toHaveLength(1);
  });
});
