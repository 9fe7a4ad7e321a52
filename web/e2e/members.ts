/**
 * What the browser tests of every page share: the product with a first admin and sign-in limits out
 * of the way, a browser, members signed up through the API at the level a test needs, and signing
 * in through the page as a member does.
 */
import type { AccessLevel, CurrentUser } from '@crucible/proto';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { freePort } from '@crucible/test-kit';
import { launchBrowser, startProduct, withPage, type Product } from './harness.ts';

/** Every member the tests sign up uses it; the admin has its own. */
export const MEMBER_PASSWORD = 'correct horse battery';

/** Cookie-only changes must carry this header (the CSRF rule the web app's request layer follows). */
export const CSRF = { 'X-Requested-With': 'XMLHttpRequest' } as const;

export interface TestAdmin {
  email: string;
  password: string;
}

export interface TestMember {
  email: string;
  firstName: string;
  /** Filled by `seedMembers`. */
  id: string;
  /** The level `seedMembers` gives the member (default Apprentice, where the forums and messages open). */
  level?: AccessLevel;
}

/** A unique admin for one test file: the product makes it the first admin at start. */
export function testAdmin(file: string, runId: string): TestAdmin {
  return { email: `e2e-${file}-${runId}-admin@example.com`, password: 'admin horse battery' };
}

export interface ProductWithBrowser {
  product: Product;
  browser: Browser;
  /** The product's absolute URL of `path`. */
  at(path: string): string;
  stop(): Promise<void>;
}

/** Starts the product as `npm start` does, with `admin` as its first admin, and a browser beside it. */
export async function startProductWithBrowser(
  admin: TestAdmin,
  env: Record<string, string> = {},
  host?: 'localhost' | '127.0.0.1',
): Promise<ProductWithBrowser> {
  const product = await startProduct({
    port: await freePort(),
    host,
    env: {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_SIGNIN_PER_IP: '10000',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '10000',
      RATE_LIMIT_SIGNUP_PER_IP: '10000',
      ...env,
    },
  });
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await product.stop();
    throw error;
  });
  return {
    product,
    browser,
    at: (path) => `${product.url}${path}`,
    async stop() {
      await browser.close();
      await product.stop();
    },
  };
}

/** One test file's product, started with its first admin and members before the file's tests and stopped after them. */
export interface ProductForTests {
  readonly product: Product;
  readonly browser: Browser;
  readonly opened: ProductWithBrowser;
  /** The product's absolute URL of `path`. */
  at(path: string): string;
  /** Signs `member` in through the sign-in page. */
  signIn(page: Page, member: { email: string }): Promise<void>;
}

/**
 * Starts the product (with `env` over the test defaults) before the calling file's tests, signs
 * `members` up at their levels, and stops it all after the tests; the answer's fields are there once
 * the tests run.
 */
export function productWithMembers(
  admin: TestAdmin,
  members: TestMember[],
  env: Record<string, string> = {},
): ProductForTests {
  let opened: ProductWithBrowser | undefined;
  const started = () => {
    if (!opened) throw new Error('The product starts before the tests run, not while the file loads');
    return opened;
  };
  beforeAll(async () => {
    opened = await startProductWithBrowser(admin, env);
    await seedMembers(opened, admin, members);
  });
  afterAll(() => opened?.stop());
  return {
    get product() {
      return started().product;
    },
    get browser() {
      return started().browser;
    },
    get opened() {
      return started();
    },
    at: (path) => started().at(path),
    signIn: (page, member) => signInThroughPage(page, started().product.url, member.email),
  };
}

export interface SignUpFields {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Follows the verification link the product mailed to `email`, as the member would, so they may send
 * direct messages (unverified accounts may not). Read from the dev mailbox, where the product runs
 * without SMTP; a product given a mail server answers 404 there and the test reads its own server.
 */
async function verifyThroughDevMailbox(request: APIRequestContext, at: (path: string) => string, email: string) {
  const mailbox = await request.get(at('/api/auth/dev-mailbox'), { headers: { accept: 'application/json' } });
  if (mailbox.status() === 404) return;
  expect(mailbox.status(), await mailbox.text()).toBe(200);
  const mails = (await mailbox.json()) as { to: string; text: string }[];
  const text = mails.filter((mail) => mail.to === email).at(-1)?.text ?? '';
  const link = /\S+\/api\/auth\/verify-email\?token=\S+/.exec(text)?.[0];
  expect(link, `a verification mail to ${email}`).toBeDefined();
  const verified = await request.get(link!, { maxRedirects: 0 });
  expect(verified.headers()['location']).toBe('/?verified=1');
}

/**
 * Signs a new member up, verifies their address and signs them in through `request` (whose cookie
 * then holds the session), and returns the session's token and the member: sign-up opens no session
 * when it mails a verification link, which the product always does (over SMTP or to the dev mailbox).
 */
export async function signUpByApi(
  request: APIRequestContext,
  at: (path: string) => string,
  fields: SignUpFields,
): Promise<{ token: string; user: CurrentUser }> {
  const signedUp = await request.post(at('/api/auth/signup'), { headers: CSRF, data: fields });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  await verifyThroughDevMailbox(request, at, fields.email.toLowerCase());
  const signedIn = await request.post(at('/api/auth/signin'), {
    headers: CSRF,
    data: { email: fields.email, password: fields.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };
  const me = await request.get(at('/api/auth/user'), { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status(), await me.text()).toBe(200);
  return { token, user: (await me.json()) as CurrentUser };
}

/**
 * Signs each member up through the API (last name 'Tester', MEMBER_PASSWORD), fills in their id, and
 * has the admin set their level.
 */
export async function seedMembers(opened: ProductWithBrowser, admin: TestAdmin, members: TestMember[]): Promise<void> {
  const { browser, at } = opened;
  await withPage(browser, 'seed-members', async (page: Page) => {
    const signedIn = await page.request.post(at('/api/auth/signin'), { data: admin });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const adminHeaders = { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
    for (const member of members) {
      const context = await browser.newContext();
      const { user } = await signUpByApi(context.request, at, {
        email: member.email,
        password: MEMBER_PASSWORD,
        firstName: member.firstName,
        lastName: 'Tester',
      });
      member.id = user.id;
      await context.close();
      const levelSet = await page.request.patch(at(`/api/admin/users/${member.id}/access-level`), {
        headers: adminHeaders,
        data: { accessLevel: member.level ?? 'Apprentice' },
      });
      expect(levelSet.status(), await levelSet.text()).toBe(200);
    }
  });
}

/** Signs in through the sign-in page and waits for the signed-in shell. */
export async function signInThroughPage(page: Page, url: string, email: string, password = MEMBER_PASSWORD) {
  await page.goto(`${url}/signin`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}
