/**
 * Rate limits on the credential endpoints, counted in the shared Redis. Client addresses come as the
 * gateway names them (the signed client-address header, platform http/client-address.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

function signIn(email: string, password: string, ip: string): Promise<Response> {
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
      expect((await signIn(uniqueEmail('nobody'), 'wrong password', client)).status, `attempt ${attempt}`).toBe(401);
    }
    await expectTooManyRequests(await signIn(member.email, member.password, client));
    // Another client is not affected.
    expect((await signIn(member.email, member.password, uniqueClientIp())).status).toBe(200);
  });

  it('lets the owner in from a fresh address while an attacker keeps failing from many, slowing the account down instead', async () => {
    const member = await newMember();
    const attacker = uniqueClientIp();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await signIn(member.email, 'wrong password', attacker)).status, `attempt ${attempt}`).toBe(401);
    }
    // The attacker's pair is blocked, even in another letter case and with the right password.
    await expectTooManyRequests(await signIn(member.email.toUpperCase(), 'wrong password', attacker));
    await expectTooManyRequests(await signIn(member.email, member.password, attacker));

    // More failures from other addresses (4 so far counts as free, then the delays grow).
    expect((await signIn(member.email, 'wrong password', uniqueClientIp())).status).toBe(401);
    const slowed = performance.now();
    expect((await signIn(member.email, 'wrong password', uniqueClientIp())).status).toBe(401);
    expect(performance.now() - slowed).toBeGreaterThanOrEqual(BASE_DELAY_MS - 5);

    // The owner, from a fresh address, still gets in: after a capped delay, never a 429.
    const owner = performance.now();
    expect((await signIn(member.email, member.password, uniqueClientIp())).status).toBe(200);
    expect(performance.now() - owner).toBeGreaterThanOrEqual(MAX_DELAY_MS - 5);
    // Other accounts are not touched.
    const other = await newMember();
    expect((await signIn(other.email, other.password, uniqueClientIp())).status).toBe(200);
  });

  it('forgets the failures of an account and address once the right password comes from it', async () => {
    const member = await newMember();
    const client = uniqueClientIp();
    // Five attempts: within the per-address limit, past the pair's three failures without the reset.
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await signIn(member.email, 'wrong password', client)).status).toBe(401);
    expect((await signIn(member.email, member.password, client)).status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await signIn(member.email, 'wrong password', client)).status).toBe(401);
  });

  it('keeps counting when the client sends a forged chain of addresses', async () => {
    const client = uniqueClientIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // The rightmost untrusted hop is the client; what it prepends is its own invention.
      const forged = `${uniqueClientIp()}, ${client}`;
      expect(
        (await auth.request('/api/auth/signin', { json: { email: uniqueEmail('nobody'), password: 'x' }, ip: forged }))
          .status,
      ).toBe(401);
    }
    await expectTooManyRequests(
      await auth.request('/api/auth/signin', {
        json: { email: uniqueEmail('nobody'), password: 'x' },
        ip: `${uniqueClientIp()}, ${client}`,
      }),
    );
  });
});

describe('sign-up and password-reset rate limits', () => {
  it('answers the 4th sign-up from one client with 429', async () => {
    const client = uniqueClientIp();
    const signUp = () =>
      auth.request('/api/auth/signup', {
        json: { email: uniqueEmail(), password: 'long enough pass', firstName: 'A', lastName: 'B' },
        ip: client,
      });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await signUp()).status).toBe(201);
    await expectTooManyRequests(await signUp());
  });

  it('answers the 3rd reset request for one account with 429, from any address, and mails twice only', async () => {
    const member = await newMember();
    const reset = () =>
      auth.request('/api/auth/request-password-reset', { json: { email: member.email }, ip: uniqueClientIp() });
    expect((await reset()).status).toBe(200);
    expect((await reset()).status).toBe(200);
    await expectTooManyRequests(await reset());
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
