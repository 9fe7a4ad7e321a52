/**
 * External sign-in through the service's development OIDC provider (a real oidc-provider mounted
 * at /api/auth/oidc): the whole browser round trip, account creation, and linking by e-mail only
 * when the e-mail account is verified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authRoutes as routes } from '@crucible/proto';
import { callsWith, linkIn, type TestCall } from '@crucible/test-kit';
import { cookieFrom, startAuthHarness, uniqueClientIp, uniqueTag, type AuthHarness } from './testing/auth-harness.ts';
import { CookieJar, loginThroughDevProvider } from './testing/oidc-browser.ts';
import { ACCOUNT_LINK_REFUSED, DEV_PROVIDER_REFUSED } from './use-cases/external-sign-in.ts';

let auth: AuthHarness;
let call: TestCall;

beforeAll(async () => {
  auth = await startAuthHarness();
  call = callsWith(auth.request);
});

afterAll(async () => {
  await auth?.stop();
});

describe('OIDC sign-in through the development provider', () => {
  it('redirects GET /api/login to the provider with PKCE and state', async () => {
    // Raw: the answer is a redirect, read from its Location header.
    const response = await auth.request('/api/login');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${auth.url}/api/auth/oidc/auth`);
    expect(location.searchParams.get('client_id')).toBe(auth.config.OIDC_CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(`${auth.url}/api/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
  });

  it('creates a verified OIDC member and hands the browser a working token at /auth/callback', async () => {
    const email = `jane.doe-${uniqueTag()}@it.crucible.test`;
    const outcome = await loginThroughDevProvider(auth.url, email);
    expect(outcome.location.pathname, outcome.trail.join('\n')).toBe('/auth/callback');
    expect(outcome.token).toBeTruthy();
    expect(outcome.trail.some((step) => step.startsWith('POST /api/auth/oidc/interaction/'))).toBe(true);

    const user = await auth.currentUser(outcome.token!);
    expect(user).toMatchObject({
      email,
      authProvider: 'oidc',
      emailVerified: true,
      firstName: 'Jane',
      accessLevel: 'Public',
      isAdmin: false,
    });

    const again = await loginThroughDevProvider(auth.url, email);
    expect(again.token).toBeTruthy();
    expect(again.token).not.toBe(outcome.token);
    expect(await auth.currentUser(again.token!)).toMatchObject({ id: user.id });
  });

  it('signs the same member in when the login is typed in capitals (the provider must not answer 500)', async () => {
    const email = `mixed.case-${uniqueTag()}@it.crucible.test`;
    const outcome = await loginThroughDevProvider(auth.url, email);
    const user = await auth.currentUser(outcome.token!);
    const again = await loginThroughDevProvider(auth.url, email.toUpperCase());
    expect(again.location.pathname, again.trail.join('\n')).toBe('/auth/callback');
    expect(again.token).not.toBe(outcome.token);
    expect(await auth.currentUser(again.token!)).toMatchObject({ id: user.id });
    expect(await auth.sql('SELECT count(*)::int AS count FROM users WHERE email = $1', [email])).toEqual([
      { count: 1 },
    ]);
  });

  it('sets the session cookie on the callback as well', async () => {
    const jar = new CookieJar();
    const outcome = await loginThroughDevProvider(auth.url, `cookie-${uniqueTag()}@it.crucible.test`, { jar });
    const cookie = jar.header(new URL('/api/auth/user', auth.url));
    expect(cookie).toContain(`crucible_token=${encodeURIComponent(outcome.token!)}`);
    await call(routes.currentUser, { cookie });
  });

  it('gives an OIDC member no password: password sign-in fails and a reset request mails nothing', async () => {
    const email = `nopass-${uniqueTag()}@it.crucible.test`;
    await loginThroughDevProvider(auth.url, email);
    for (const password of ['anything at all', '']) {
      await call(routes.signIn, { body: { email, password: password || 'x' }, expect: 401 });
    }
    const reset = await call(routes.requestPasswordReset, { body: { email } });
    expect(reset).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(auth.smtp.mails.filter((mail) => mail.to.includes(email))).toEqual([]);
  });

  it('refuses to link an unverified e-mail account, then links it to the same member once verified (an account without a password)', async () => {
    const member = await auth.signUp({ email: `linker-${uniqueTag()}@it.crucible.test` });
    // The development provider never opens a password account (below); the linking rule is the real provider's.
    await auth.sql('UPDATE users SET password_hash = NULL WHERE id = $1', [member.id]);

    const refused = await loginThroughDevProvider(auth.url, member.email);
    expect(refused.location.pathname, refused.trail.join('\n')).toBe('/signin');
    expect(refused.error).toBe(ACCOUNT_LINK_REFUSED);
    expect(refused.token).toBeUndefined();
    expect(await auth.sql('SELECT external_subject FROM users WHERE id = $1', [member.id])).toEqual([
      { external_subject: null },
    ]);

    const mail = await auth.smtp.waitForMail(member.email, /verify/i);
    // Raw: the mailed link, followed as a browser follows it; its answer is a redirect (Location header).
    expect(
      (await fetch(linkIn(mail, `${auth.url}/api/auth/verify-email?token=`), { redirect: 'manual' })).headers.get(
        'location',
      ),
    ).toBe('/?verified=1');

    const linked = await loginThroughDevProvider(auth.url, member.email);
    expect(linked.location.pathname, linked.trail.join('\n')).toBe('/auth/callback');
    const user = await auth.currentUser(linked.token!);
    expect(user).toMatchObject({ id: member.id, email: member.email, emailVerified: true });
  });

  it('never opens a verified account that has a password, whatever is typed into the development provider', async () => {
    const member = await auth.signUp({ email: `owner-${uniqueTag()}@it.crucible.test` });
    await auth.sql('UPDATE users SET email_verified = true WHERE id = $1', [member.id]);
    for (const typed of [member.email, member.email.toUpperCase()]) {
      const outcome = await loginThroughDevProvider(auth.url, typed);
      expect(outcome.location.pathname, outcome.trail.join('\n')).toBe('/signin');
      expect(outcome.error).toBe(DEV_PROVIDER_REFUSED);
      expect(outcome.token).toBeUndefined();
    }
    expect(await auth.sql('SELECT external_subject FROM users WHERE id = $1', [member.id])).toEqual([
      { external_subject: null },
    ]);
  });

  it('never opens an admin account through the development provider, even one it created', async () => {
    const email = `promoted-${uniqueTag()}@it.crucible.test`;
    const first = await loginThroughDevProvider(auth.url, email);
    const user = await auth.currentUser(first.token!);
    await auth.sql(`UPDATE users SET is_admin = true, access_level = 'Admin' WHERE id = $1`, [user.id]);
    const again = await loginThroughDevProvider(auth.url, email);
    expect(again.location.pathname, again.trail.join('\n')).toBe('/signin');
    expect(again.error).toBe(DEV_PROVIDER_REFUSED);
  });

  it('answers only clients on this machine, judged by the client the gateway names', async () => {
    // Raw: the development provider's own pages are not routes of the contract.
    const discovery = '/api/auth/oidc/.well-known/openid-configuration';
    expect((await fetch(new URL(discovery, auth.url))).status).toBe(200);
    expect((await auth.request(discovery, { ip: '127.0.0.1' })).status).toBe(200);
    for (const ip of [
      uniqueClientIp(),
      '10.1.2.3',
      `127.0.0.1, ${uniqueClientIp()}`,
      `${uniqueClientIp()}, 127.0.0.1`,
    ]) {
      const response = await auth.request(discovery, { ip });
      expect(response.status, ip).toBe(403);
      expect(await response.json()).toMatchObject({
        statusCode: 403,
        message: 'This development page answers requests from this machine only',
      });
    }
  });

  it('hands the web app its own state back at /auth/callback, and refuses a malformed one', async () => {
    const browserState = `web-state-${uniqueTag()}`;
    const outcome = await loginThroughDevProvider(auth.url, `state-${uniqueTag()}@it.crucible.test`, { browserState });
    expect(outcome.location.pathname, outcome.trail.join('\n')).toBe('/auth/callback');
    expect(outcome.state).toBe(browserState);
    const malformed = await call(routes.oidcLogin, { query: { state: '<script>' }, expect: 400 });
    expect(JSON.stringify(malformed)).toContain('state must be');
  });

  it('refuses a callback link followed in another browser than the one that started the sign-in', async () => {
    const email = `victim-${uniqueTag()}@it.crucible.test`;
    const outcome = await loginThroughDevProvider(auth.url, email, { callbackJar: new CookieJar() });
    expect(outcome.location.pathname, outcome.trail.join('\n')).toBe('/signin');
    expect(outcome.error).toBe('This sign-in was not started in this browser. Please try again.');
    expect(await auth.sql('SELECT count(*)::int AS count FROM users WHERE email = $1', [email])).toEqual([
      { count: 0 },
    ]);
  });

  it('sends a callback with an unknown or replayed state to /signin with an error, never a 500', async () => {
    // Raw throughout: the callback's answers are redirects (Location header) and the attempt travels in a cookie.
    const unknown = await auth.request('/api/callback?code=made-up&state=made-up', {
      cookie: 'crucible_oidc_attempt=made-up',
    });
    expect(unknown.status).toBe(302);
    const location = new URL(unknown.headers.get('location')!, auth.url);
    expect(location.pathname).toBe('/signin');
    expect(location.searchParams.get('error')).toBe('The sign-in attempt expired or is unknown. Please try again.');

    const withoutState = await auth.request('/api/callback');
    expect(withoutState.status).toBe(302);
    expect(new URL(withoutState.headers.get('location')!, auth.url).pathname).toBe('/signin');

    // A provider error (the user declined) also ends at /signin.
    const started = await auth.request('/api/login');
    const start = new URL(started.headers.get('location')!);
    const cookie = cookieFrom(started, 'crucible_oidc_attempt')!.header;
    const declined = await auth.request(
      `/api/callback?error=access_denied&state=${start.searchParams.get('state')}&iss=${encodeURIComponent(`${auth.url}/api/auth/oidc`)}`,
      { cookie },
    );
    expect(declined.status).toBe(302);
    const declinedAt = new URL(declined.headers.get('location')!, auth.url);
    expect(declinedAt.pathname).toBe('/signin');
    expect(declinedAt.searchParams.get('error')).toBeTruthy();
  });
});
