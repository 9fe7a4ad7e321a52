/**
 * Rate limits on the credential endpoints, counted in the shared Redis. Client addresses come as the
 * gateway names them (the signed client-address header, platform http/client-address.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authRoutes as routes } from '@crucible/proto';
import { callsWith, type TestCall } from '@crucible/test-kit';
import { startAuthHarness, uniqueClientIp, uniqueEmail, type AuthHarness } from './testing/auth-harness.ts';

const WINDOW_SECONDS = 60;
const BASE_DELAY_MS = 150;
const MAX_DELAY_MS = 300;
let auth: AuthHarness;

beforeAll(async () => {
  auth = await startAuthHarness({
    env: {
      RATE_LIMIT_SIGNIN_PER_IP: '5',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '4',
      RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT_AND_IP: '3',
      SIGNIN_SLOWDOWN_BASE_MS: String(BASE_DELAY_MS),
      SIGNIN_SLOWDOWN_MAX_MS: String(MAX_DELAY_MS),
      RATE_LIMIT_SIGNUP_PER_IP: '3',
      RATE_LIMIT_PASSWORD_RESET_PER_IP: '20',
      RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: '2',
      RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    },
  });
});

afterAll(async () => {
  await auth?.stop();
});

/** Each from an address of its own, so the sign-up limit never counts them. */
const newMember = () => auth.signUp({ ip: uniqueClientIp() });

/** Calls as the client at `ip` (the signed client-address header). */
function callFrom(ip: string): TestCall {
  return callsWith((path, options) => auth.request(path, { ...options, ip }));
}

/** A sign-in from `ip`, failing the test unless it answers `status`. */
async function signIn(email: string, password: string, ip: string, status: number): Promise<void> {
  await callFrom(ip)(routes.signIn, { body: { email, password }, expect: status });
}

/** A sign-in expected to be refused, raw: the 429's Retry-After header is read, which a call does not return. */
function limitedSignIn(email: string, password: string, ip: string): Promise<Response> {
  return auth.request('/api/auth/signin', { json: { email, password }, ip });
}

async function expectTooManyRequests(response: Response): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(await response.json()).toMatchObject({
    statusCode: 429,
    message: 'Too many requests, please try again later.',
  });
}

describe('sign-in rate limits', () => {
  it('answers the 6th sign-in from one client within the window with 429 and Retry-After', async () => {
    const member = await newMember();
    const client = uniqueClientIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // Different accounts, so only the per-client limit counts.
      await signIn(uniqueEmail('nobody'), 'wrong password', client, 401);
    }
    await expectTooManyRequests(await limitedSignIn(member.email, member.password, client));
    // Another client is not affected.
    await signIn(member.email, member.password, uniqueClientIp(), 200);
  });

  it('lets the owner in from a fresh address while an attacker keeps failing from many, slowing the account down instead', async () => {
    const member = await newMember();
    const attacker = uniqueClientIp();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await signIn(member.email, 'wrong password', attacker, 401);
    }
    // The attacker's pair is blocked, even in another letter case and with the right password.
    await expectTooManyRequests(await limitedSignIn(member.email.toUpperCase(), 'wrong password', attacker));
    await expectTooManyRequests(await limitedSignIn(member.email, member.password, attacker));

    // More failures from other addresses (4 so far counts as free, then the delays grow).
    await signIn(member.email, 'wrong password', uniqueClientIp(), 401);
    const slowed = performance.now();
    await signIn(member.email, 'wrong password', uniqueClientIp(), 401);
    expect(performance.now() - slowed).toBeGreaterThanOrEqual(BASE_DELAY_MS - 5);

    // The owner, from a fresh address, still gets in: after a capped delay, never a 429.
    const owner = performance.now();
    await signIn(member.email, member.password, uniqueClientIp(), 200);
    expect(performance.now() - owner).toBeGreaterThanOrEqual(MAX_DELAY_MS - 5);
    // Other accounts are not touched.
    const other = await newMember();
    await signIn(other.email, other.password, uniqueClientIp(), 200);
  });

  it('forgets the failures of an account and address once the right password comes from it', async () => {
    const member = await newMember();
    const client = uniqueClientIp();
    // Five attempts: within the per-address limit, past the pair's three failures without the reset.
    for (let attempt = 0; attempt < 2; attempt += 1) await signIn(member.email, 'wrong password', client, 401);
    await signIn(member.email, member.password, client, 200);
    for (let attempt = 0; attempt < 2; attempt += 1) await signIn(member.email, 'wrong password', client, 401);
  });

  it('keeps counting when the client sends a forged chain of addresses', async () => {
    const client = uniqueClientIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // The rightmost untrusted hop is the client; what it prepends is its own invention.
      const forged = `${uniqueClientIp()}, ${client}`;
      await signIn(uniqueEmail('nobody'), 'x', forged, 401);
    }
    await expectTooManyRequests(await limitedSignIn(uniqueEmail('nobody'), 'x', `${uniqueClientIp()}, ${client}`));
  });
});

describe('sign-up and password-reset rate limits', () => {
  it('answers the 4th sign-up from one client with 429', async () => {
    const client = uniqueClientIp();
    const fields = () => ({ email: uniqueEmail(), password: 'long enough pass', firstName: 'A', lastName: 'B' });
    for (let attempt = 0; attempt < 3; attempt += 1) await callFrom(client)(routes.signUp, { body: fields() });
    // Raw: the 429's Retry-After header is read, which a call does not return.
    await expectTooManyRequests(await auth.request('/api/auth/signup', { json: fields(), ip: client }));
  });

  it('answers the 3rd reset request for one account with 429, from any address, and mails twice only', async () => {
    const member = await newMember();
    const reset = () => callFrom(uniqueClientIp())(routes.requestPasswordReset, { body: { email: member.email } });
    await reset();
    await reset();
    // Raw: the 429's Retry-After header is read, which a call does not return.
    await expectTooManyRequests(
      await auth.request('/api/auth/request-password-reset', { json: { email: member.email }, ip: uniqueClientIp() }),
    );
    // Mail leaves through the queue: once it is drained, everything it will send has been sent.
    await vi.waitFor(
      async () =>
        expect(
          await auth.sql('SELECT count(*)::int AS count FROM mail_requests WHERE email = $1', [member.email]),
        ).toEqual([{ count: 0 }]),
      { timeout: 10_000 },
    );
    expect(
      auth.smtp.mails.filter((mail) => mail.to.includes(member.email) && /reset/i.test(mail.subject)),
    ).toHaveLength(2);
  });
});
