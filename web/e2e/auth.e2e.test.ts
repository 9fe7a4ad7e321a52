import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CurrentUser } from '@crucible/proto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureFlagsFromEnv } from '../src/features/flags/feature-flags.ts';
import { navigationEntries } from '../src/features/navigation/navigation-entries.ts';
import { THEME_NAMES } from '../src/features/theme/theme-names.ts';
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts';
import { freePort } from '@crucible/test-kit';
import {
  DESKTOP,
  launchBrowser,
  NARROW,
  seriousAxeViolations,
  startProduct,
  withPage,
  type Product,
} from './harness.ts';
import { linkIn, startMailServer, type MailServer } from './mail-server.ts';
import { signUpByApi } from './members.ts';
import { startOidcProvider, type OidcProvider } from './oidc-provider.ts';

const runId = Date.now().toString(36);
let emailCount = 0;
const newEmail = (label: string) => `e2e-${runId}-${label}-${++emailCount}@example.com`;
const PASSWORD = 'correct horse battery';
const admin = { email: newEmail('admin'), password: 'admin horse battery' };
// The build under test is built as `npm start` builds it: staging unless VITE_DEPLOYMENT says otherwise
// (web/scripts/build-if-stale.ts).
const builtFlags = featureFlagsFromEnv({
  ...process.env,
  VITE_DEPLOYMENT: process.env.VITE_DEPLOYMENT ?? 'staging',
});

let mail: MailServer;
let oidc: OidcProvider;
let product: Product;
let browser: Browser;

beforeAll(async () => {
  const productPort = await freePort();
  mail = await startMailServer();
  oidc = await startOidcProvider({
    port: await freePort(),
    redirectUri: `http://127.0.0.1:${productPort}/api/callback`,
  });
  product = await startProduct({
    port: productPort,
    env: {
      SMTP_URL: mail.url,
      OIDC_ISSUER_URL: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The suite signs in and resets more often than a person would; counters may outlive a run in Redis.
      RATE_LIMIT_SIGNIN_PER_IP: '10000',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '10000',
      RATE_LIMIT_SIGNUP_PER_IP: '10000',
      RATE_LIMIT_PASSWORD_RESET_PER_IP: '10000',
      RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: '10000',
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await oidc?.stop();
  await mail?.stop();
});

const at = (path: string) => `${product.url}${path}`;

async function fillSignIn(page: Page, email: string, password: string) {
  await page.goto(at('/signin'));
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Leaves the page's browser signed in as the new member. */
async function signUpThroughApi(page: Page, email: string) {
  await signUpByApi(page.request, at, { email, password: PASSWORD, firstName: 'Test', lastName: 'Member' });
}

async function expectSignedIn(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

async function currentUser(page: Page): Promise<CurrentUser> {
  const response = await page.request.get(at('/api/auth/user'));
  expect(response.status()).toBe(200);
  return (await response.json()) as CurrentUser;
}

/** The labels of the menu entries on screen (desktop layout), without their badges. */
async function menuLabels(page: Page): Promise<string[]> {
  const texts = await page.getByRole('navigation', { name: 'Main' }).locator('li a').allInnerTexts();
  return texts.map((text) => text.split('\n')[0]!.trim());
}

async function toast(page: Page, title: string) {
  const alert = page.getByRole('alert').filter({ hasText: title });
  await alert.waitFor();
  return alert.innerText();
}

async function expectNoSeriousViolations(page: Page, where: string) {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

describe('member journey', () => {
  it('signs up, verifies by mail, signs in, sees the tier menu, keeps a theme across reloads and signs out', async () => {
    const email = newEmail('journey');
    await withPage(browser, 'sign-up-journey', async (page) => {
      await page.goto(at('/signup'));
      await page.getByLabel(/^First name/).fill('Ada');
      await page.getByLabel(/^Last name/).fill('Lovelace');
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      expect(await toast(page, 'Account created successfully')).toContain(
        'Please check your email to verify your account.',
      );
      await page.waitForURL(at('/'));
      // A verification mail went out, so the member is told to check it and is not signed in.
      await page.getByRole('heading', { level: 1, name: 'Crucible' }).waitFor();
      expect((await page.request.get(at('/api/auth/user'))).status()).toBe(401);

      const verification = await mail.waitForMail(email, /verify/i);
      const verifyLink = linkIn(verification, '/api/auth/verify-email');
      expect(new URL(verifyLink).searchParams.get('token')).toBeTruthy();
      await page.goto(verifyLink);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('status').filter({ hasText: 'Your email address is verified.' }).waitFor();
      // The link works once: opened again it says so.
      await page.goto(verifyLink);
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByText('The verification link is invalid or has expired.').waitFor();

      await fillSignIn(page, email, PASSWORD);
      expect(await toast(page, 'Signed in successfully')).toContain('Welcome back');
      await expectSignedIn(page);
      expect(page.url()).toBe(at('/'));
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken)).toBeTruthy();
      await expect(page.getByText(/Please verify your email address/).count()).resolves.toBe(0);

      const user = await currentUser(page);
      expect(user.emailVerified).toBe(true);
      expect(await menuLabels(page)).toEqual(navigationEntries(user, builtFlags).map((entry) => entry.label));
      expect(await page.locator('.MuiChip-label', { hasText: 'Access level:' }).textContent()).toBe(
        `Access level: ${user.accessLevel}`,
      );
      const dashboardLink = page.getByRole('navigation', { name: 'Main' }).locator('li a').first();
      if (builtFlags.dashboard) expect(await dashboardLink.getAttribute('aria-current')).toBe('page');

      await page.getByRole('button', { name: 'Colour theme' }).click();
      await page.getByRole('menuitemradio', { name: 'Dark' }).click();
      expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
      const darkBackground = 'rgb(18, 18, 18)';
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBackground);
      await page.reload();
      await expectSignedIn(page);
      expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBackground);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { level: 1, name: 'Crucible' }).waitFor();
      expect(page.url()).toBe(at('/'));
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken)).toBeNull();
      expect((await page.request.get(at('/api/auth/user'))).status()).toBe(401);
    });
  });

  it('shows an unverified member the verification notice', async () => {
    await withPage(browser, 'verification-notice', async (page) => {
      await signUpThroughApi(page, newEmail('unverified'));
      await page.goto(at('/'));
      await page
        .getByText(
          'Please verify your email address to access all features. Check your inbox for the verification email.',
        )
        .waitFor();
      await page.getByRole('button', { name: 'Resend Email' }).waitFor();
    });
  });

  it('gives the admin the Admin entry and badge', async () => {
    await withPage(browser, 'admin-menu', async (page) => {
      await fillSignIn(page, admin.email, admin.password);
      await expectSignedIn(page);
      const user = await currentUser(page);
      expect(user.isAdmin).toBe(true);
      expect(await menuLabels(page)).toEqual(navigationEntries(user, builtFlags).map((entry) => entry.label));
      if (builtFlags.userManagement) expect(await menuLabels(page)).toContain('Admin');
      // One chip says Admin: the level's when the level is Admin, else the flag's own.
      await page
        .locator('.MuiChip-label', { hasText: /Admin$/ })
        .first()
        .waitFor();
      await expect(page.locator('.MuiChip-label', { hasText: /Admin$/ }).count()).resolves.toBe(1);
      await page.goto(at('/admin'));
      await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    });
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const email = newEmail('reset');
    const newPassword = 'a brand new passphrase';
    await withPage(browser, 'password-reset', async (page) => {
      await signUpThroughApi(page, email);
      await page.context().clearCookies();

      await page.goto(at('/forgot-password'));
      await page.getByLabel(/^Email/).fill(email);
      await page.getByRole('button', { name: 'Send Reset Email' }).click();
      await toast(page, 'Password reset email sent');
      expect(await page.getByLabel(/^Email/).inputValue()).toBe('');

      const resetLink = linkIn(await mail.waitForMail(email, /reset/i), '/reset-password');
      await page.goto(resetLink);
      await page.getByLabel(/^New password/).fill(newPassword);
      await page.getByLabel(/^Confirm new password/).fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await toast(page, 'Password reset successful');
      await page.waitForURL(at('/signin'));

      await fillSignIn(page, email, newPassword);
      await expectSignedIn(page);
    });
  });

  it('signs in through the external OpenID Connect provider', async () => {
    const email = newEmail('sso');
    await withPage(browser, 'oidc-sign-in', async (page) => {
      await page.goto(at('/signin'));
      await page.getByRole('link', { name: /single sign-on/i }).click();
      await page.locator('input[name="login"]').fill(email);
      await page.locator('input[name="password"]').fill('anything');
      await page.locator('button[type="submit"]').click();
      // The provider asks for consent once per client; each step is a plain form post.
      while (new URL(page.url()).origin !== product.url) await page.locator('button[type="submit"]').click();
      await expectSignedIn(page);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken)).toBeTruthy();
      const user = await currentUser(page);
      expect(user).toMatchObject({ email, authProvider: 'oidc' });
      await expect(page.getByText(/Please verify your email address/).count()).resolves.toBe(0);
    });
  });

  it("ignores a callback link carrying someone else's token: the tab never started a login", async () => {
    const email = newEmail('planted');
    const post = (path: string, body: unknown) =>
      fetch(at(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('/api/auth/signup', { email, password: PASSWORD, firstName: 'Planted', lastName: 'Account' });
    const planted = await post('/api/auth/signin', { email, password: PASSWORD });
    const { token } = (await planted.json()) as { token: string };
    await withPage(browser, 'planted-callback', async (page) => {
      await page.goto(at(`/auth/callback?token=${encodeURIComponent(token)}&state=made-up-by-the-sender`));
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByText('Signing in with single sign-on did not work. Please try again.').waitFor();
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken)).toBeNull();
      expect((await page.request.get(at('/api/auth/user'))).status()).toBe(401);
    });
  });

  it('clears a refused token from the callback of a login this tab started', async () => {
    await withPage(browser, 'bogus-callback', async (page) => {
      await page.goto(at('/signin'));
      await page.evaluate(
        (key) => sessionStorage.setItem(key, 'state-this-tab-started-0123456789'),
        STORAGE_KEYS.externalLoginState,
      );
      await page.goto(at('/auth/callback?token=not-a-real-token&state=state-this-tab-started-0123456789'));
      await page.waitForURL((url) => url.pathname === '/signin');
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken)).toBeNull();
    });
  });

  it('refuses a sign-out that a page on another port of the host posts with the cookie, and the member stays signed in', async () => {
    const email = newEmail('csrf');
    const attacker = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<!doctype html><title>Win a prize</title><form method="post" action="${at('/api/auth/signout')}"></form><script>document.forms[0].submit()</script>`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      await withPage(browser, 'csrf-signout', async (page) => {
        await signUpThroughApi(page, email);
        expect((await page.request.get(at('/api/auth/user'))).status()).toBe(200);
        const forged = page.waitForResponse((response) => response.url() === at('/api/auth/signout'));
        await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
        expect((await forged).status()).toBe(403);
        expect((await page.request.get(at('/api/auth/user'))).status()).toBe(200);
      });
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
    }
  });

  it("shows 'Sign in failed' for a wrong password", async () => {
    await withPage(browser, 'wrong-password', async (page) => {
      await fillSignIn(page, admin.email, 'not the password');
      expect(await toast(page, 'Sign in failed')).toContain('Invalid email or password');
      expect(new URL(page.url()).pathname).toBe('/signin');
    });
  });

  it('shows the not-found screen for an unknown path', async () => {
    await withPage(browser, 'not-found', async (page) => {
      await page.goto(at('/no/such/page'));
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page.getByText('Did you forget to add the page to the router?').waitFor();
    });
  });

  it('draws the sign-in page in its bundled Inter (both weights), fetching nothing from another origin', async () => {
    await withPage(browser, 'signin-font', async (page) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(at('/signin'));
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        return {
          loadedFaces: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
          regular: document.fonts.check('400 16px Inter'),
          semibold: document.fonts.check('600 16px Inter'),
          headingFamily: getComputedStyle(document.querySelector('h1')!).fontFamily,
        };
      });
      expect(fonts).toMatchObject({ loadedFaces: ['Inter'], regular: true, semibold: true });
      expect(fonts.headingFamily).toMatch(/^Inter,/);
      expect(requested.filter((url) => new URL(url).origin !== product.url)).toEqual([]);
      expect(requested.filter((url) => url.endsWith('.woff2'))).toHaveLength(1);
    });
  });

  it('sends a visitor from a member screen to sign in', async () => {
    await withPage(browser, 'member-redirect', async (page) => {
      await page.goto(at('/forums'));
      await page.waitForURL(at('/signin'));
    });
  });
});

const SIGNED_OUT_SCREENS = [
  '/',
  '/signup',
  '/signin',
  '/forgot-password',
  '/reset-password',
  '/reset-password?token=e2e',
  '/no/such/page',
];

describe('accessibility', () => {
  for (const viewport of [DESKTOP, NARROW]) {
    it(`finds no serious violations on the signed-out screens at ${viewport.width} px`, async () => {
      await withPage(
        browser,
        `axe-signed-out-${viewport.width}`,
        async (page) => {
          for (const path of SIGNED_OUT_SCREENS) {
            await page.goto(at(path));
            await page.getByRole('heading', { level: 1 }).waitFor();
            await expectNoSeriousViolations(page, path);
            await expectNoHorizontalScroll(page, path);
          }
        },
        { viewport },
      );
    });

    it(`finds no serious violations in the signed-in shell at ${viewport.width} px`, async () => {
      await withPage(
        browser,
        `axe-signed-in-${viewport.width}`,
        async (page) => {
          await signUpThroughApi(page, newEmail(`axe-${viewport.width}`));
          for (const path of ['/', '/forums']) {
            await page.goto(at(path));
            await page.getByRole('heading', { level: 1 }).waitFor();
            await expectNoSeriousViolations(page, path);
            await expectNoHorizontalScroll(page, path);
          }
          const menu = viewport === NARROW ? 'Open menu' : 'Colour theme';
          await page.getByRole('button', { name: menu }).click();
          await page.getByRole('menu').waitFor();
          await expectNoSeriousViolations(page, `${menu} open`);
        },
        { viewport },
      );
    });
  }

  for (const theme of THEME_NAMES) {
    it(`keeps contrast in the ${theme} theme`, async () => {
      await withPage(browser, `axe-theme-${theme}`, async (page) => {
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
          STORAGE_KEYS.theme,
          theme,
        ] as const);
        await page.goto(at('/signin'));
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.getByText('Password is required').waitFor();
        await expectNoSeriousViolations(page, `${theme}: sign-in with errors`);

        await signUpThroughApi(page, newEmail(`theme-${theme}`));
        await page.goto(at('/'));
        await page.getByText(/Please verify your email address/).waitFor();
        expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
        await expectNoSeriousViolations(page, `${theme}: dashboard`);
      });
    });
  }
});
