/**
 * Accounts against the real service: sign-up (with the verification mail over SMTP), validation,
 * sign-in, sign-out (seen by other services through the shared cache) and the password reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, CSRF_HEADER_NAME, authRoutes as routes } from '@crucible/proto';
import { callsWith, linkIn, type TestCall } from '@crucible/test-kit';
import {
  TEST_PASSWORD,
  cookieFrom,
  startAuthHarness,
  uniqueEmail,
  verifiedElsewhereSoon,
  verifyElsewhere,
  type AuthHarness,
} from './testing/auth-harness.ts';

let auth: AuthHarness;
let call: TestCall;

beforeAll(async () => {
  auth = await startAuthHarness();
  call = callsWith(auth.request);
});

afterAll(async () => {
  await auth?.stop();
});

const validSignUp = () => ({ email: uniqueEmail(), password: TEST_PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });

/** The Cookie header a browser would send back after `response`. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function expectStatus(response: Response, status: number): Promise<Record<string, unknown>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

describe('sign-up', () => {
  it('answers 201 with a message and emailSent true when the mail went out, and opens no session', async () => {
    const fields = validSignUp();
    // Raw: the test reads the answer's Set-Cookie headers, which a call does not return.
    const response = await auth.request('/api/auth/signup', { json: fields });
    const body = await expectStatus(response, 201);
    expect(body).toEqual({
      message: 'Account created. Please check your email to verify your account.',
      emailSent: true,
    });
    expect(cookieFrom(response, 'crucible_token')).toBeUndefined();
    await call(routes.currentUser, { cookie: cookiesOf(response), expect: 401 });
    const sessions = await auth.sql(
      'SELECT sessions.id FROM sessions JOIN users ON users.id = sessions.user_id WHERE users.email = $1',
      [fields.email],
    );
    expect(sessions).toEqual([]);

    const user = await auth.currentUser(await auth.signIn(fields.email, fields.password));
    expect(user).toMatchObject({
      email: fields.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailVerified: false,
      authProvider: 'email',
      accessLevel: 'Public',
      isAdmin: false,
      isModerator: false,
    });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('mails a verification link over SMTP that verifies the e-mail exactly once', async () => {
    const member = await auth.signUp();
    const otherService = await auth.otherServiceVerifier();
    expect(await verifyElsewhere(otherService, member.token)).toMatchObject({ emailVerified: false });
    const mail = await auth.smtp.waitForMail(member.email, /verify/i);
    expect(mail.subject).toBe('Verify your Crucible email address');
    const link = linkIn(mail, `${auth.url}/api/auth/verify-email?token=`);

    // Raw: the mailed link, followed as a browser follows it; its answer is a redirect (Location header).
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/?verified=1');
    expect(await auth.currentUser(member.token)).toMatchObject({ emailVerified: true });
    // Other services see it on the member's next request too.
    await verifiedElsewhereSoon(otherService, member.token).toMatchObject({ userId: member.id, emailVerified: true });

    const second = await fetch(link, { redirect: 'manual' });
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe('/signin?verified=0');
  });

  it('sends a made-up or missing verification token to /signin?verified=0', async () => {
    for (const query of ['?token=made-up', '', `?token=${'x'.repeat(600)}`, '?token=a&token=b', '?token[x]=y']) {
      // Raw: repeated and bracketed query keys the contract's query cannot express, and the answer is a redirect.
      const response = await auth.request(`/api/auth/verify-email${query}`);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/signin?verified=0');
    }
  });

  it('refuses a second account with the same e-mail, in any letter case, with 409', async () => {
    const fields = validSignUp();
    await call(routes.signUp, { body: fields });
    const again = await call(routes.signUp, { body: { ...fields, email: fields.email.toUpperCase() }, expect: 409 });
    expect(again.message).toBe(AUTH_MESSAGES.emailTaken);
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a password shorter than 8 characters', { password: 'short7!' }, 'Password must be at least 8 characters'],
    ['an empty first name', { firstName: '' }, 'First name is required'],
    ['a blank first name', { firstName: '   ' }, 'First name is required'],
    ['an empty last name', { lastName: '' }, 'Last name is required'],
    [
      'an e-mail longer than 254 characters',
      { email: `${'a'.repeat(250)}@example.com` },
      'Please enter a valid email address',
    ],
    ['a password longer than 128 characters', { password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
  ])('refuses %s with 400 and the fixed message', async (_case, override, message) => {
    const body = await call(routes.signUp, { body: { ...validSignUp(), ...override }, expect: 400 });
    expect(body.message).toBe(message);
  });

  it('refuses unknown fields with 400', async () => {
    // Raw: fields the contract's sign-up body does not have.
    await expectStatus(await auth.request('/api/auth/signup', { json: { ...validSignUp(), isAdmin: true } }), 400);
    await expectStatus(
      await auth.request('/api/auth/signup', { json: { ...validSignUp(), accessLevel: 'Admin' } }),
      400,
    );
  });

  it('refuses a 200 KB body with 413', async () => {
    const body = await call(routes.signUp, {
      body: { ...validSignUp(), firstName: 'x'.repeat(200 * 1024) },
      expect: 413,
    });
    expect(body.message).toBe('The request body is too large');
  });

  it('answers malformed or mistyped bodies with 400, never 500', async () => {
    const bodies: (string | { rawBody: string; contentType?: string })[] = [
      '{"email": ',
      'not json at all',
      '"a string"',
      'null',
      '[]',
      '{}',
      JSON.stringify({ ...validSignUp(), email: 12345 }),
      JSON.stringify({ ...validSignUp(), password: ['an', 'array'] }),
      JSON.stringify({ ...validSignUp(), firstName: null }),
      JSON.stringify({ ...validSignUp(), lastName: { nested: true } }),
      { rawBody: 'email=a@b.c&password=12345678', contentType: 'application/x-www-form-urlencoded' },
      { rawBody: JSON.stringify(validSignUp()), contentType: 'text/plain' },
    ];
    for (const entry of bodies) {
      // Raw: malformed JSON and other content types, which a call cannot send.
      const { rawBody, contentType } =
        typeof entry === 'string' ? { rawBody: entry, contentType: 'application/json' } : entry;
      const response = await auth.request('/api/auth/signup', {
        body: rawBody,
        headers: { 'content-type': contentType ?? 'application/json' },
      });
      expect(response.status, `${rawBody} -> ${await response.clone().text()}`).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
  });
});

describe('sign-up when the verification mail cannot be sent', () => {
  let withoutMail: AuthHarness;

  beforeAll(async () => {
    // Nothing listens on port 1: the SMTP transport refuses the mail at once.
    withoutMail = await startAuthHarness({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });

  afterAll(async () => {
    await withoutMail?.stop();
  });

  it('signs the member in: emailSent false, a token and an httpOnly SameSite=Lax session cookie', async () => {
    const fields = validSignUp();
    // Raw: the test reads the answer's Set-Cookie headers, which a call does not return.
    const response = await withoutMail.request('/api/auth/signup', { json: fields });
    const body = await expectStatus(response, 201);
    expect(body).toEqual({
      message: 'Account created. You are now signed in.',
      emailSent: false,
      token: expect.any(String),
    });

    const cookie = cookieFrom(response, 'crucible_token');
    expect(cookie?.value).toBe(body.token);
    const attributes = cookie!.attributes.map((attribute) => attribute.toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes.some((attribute) => attribute.startsWith('expires='))).toBe(true);
    expect(attributes).not.toContain('secure'); // PUBLIC_URL is plain http

    const user = await callsWith(withoutMail.request)(routes.currentUser, { cookie: cookiesOf(response) });
    expect(user).toMatchObject({ email: fields.email, emailVerified: false });
  });
});

describe('sign-in', () => {
  it('answers a wrong password and an unknown e-mail alike: 401 "Invalid email or password"', async () => {
    const member = await auth.signUp();
    // Raw: the test reads the answers' Set-Cookie headers, which a call does not return.
    const wrongPassword = await auth.request('/api/auth/signin', {
      json: { email: member.email, password: 'wrong password' },
    });
    const unknownEmail = await auth.request('/api/auth/signin', {
      json: { email: uniqueEmail('nobody'), password: member.password },
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ statusCode: 401, message: 'Invalid email or password' });
      expect(cookieFrom(response, 'crucible_token')).toBeUndefined();
    }
  });

  it('signs in with the right password (any e-mail letter case) and the token works as Bearer and as cookie', async () => {
    const member = await auth.signUp();
    // Raw: the test reads the answer's Set-Cookie headers, which a call does not return.
    const response = await auth.request('/api/auth/signin', {
      json: { email: member.email.toUpperCase(), password: member.password },
    });
    const body = await expectStatus(response, 200);
    expect(body).toEqual({ message: 'Welcome back, Test!', token: expect.any(String) });
    const token = String(body.token);
    expect(token).not.toBe(member.token);

    expect(await auth.currentUser(token)).toMatchObject({ id: member.id, email: member.email });
    const cookie = cookieFrom(response, 'crucible_token');
    expect(cookie?.value).toBe(token);
    expect(await call(routes.currentUser, { cookie: cookie!.header })).toMatchObject({ id: member.id });
  });

  it('answers 401 to GET /api/auth/user without a token', async () => {
    expect(await call(routes.currentUser, { expect: 401 })).toMatchObject({ message: 'Unauthorized' });
  });

  it('asks for a password: 400 "Password is required"', async () => {
    const body = await call(routes.signIn, { body: { email: uniqueEmail(), password: '' }, expect: 400 });
    expect(body.message).toBe('Password is required');
  });
});

describe('sign-out', () => {
  it('revokes the session: the same token gets 401 here and in other services that read the shared cache', async () => {
    const member = await auth.signUp();
    const otherService = await auth.otherServiceVerifier();
    const before = await verifyElsewhere(otherService, member.token);
    expect(before).toMatchObject({ userId: member.id, accessLevel: 'Public', emailVerified: false });

    // Raw: the test reads the answer's Set-Cookie headers (the cleared cookie), which a call does not return.
    const response = await auth.request('/api/auth/signout', { method: 'POST', token: member.token });
    expect(await expectStatus(response, 200)).toEqual({ message: 'Signed out' });
    const cleared = cookieFrom(response, 'crucible_token');
    expect(cleared?.value).toBe('');

    await call(routes.currentUser, { token: member.token, expect: 401 });
    await verifiedElsewhereSoon(otherService, member.token).toBe(401);
    const [row] = await auth.sql<{ revoked_at: Date | null }>('SELECT revoked_at FROM sessions WHERE user_id = $1', [
      member.id,
    ]);
    expect(row?.revoked_at).toBeInstanceOf(Date);
  });

  it('ends only the session it was called with', async () => {
    const member = await auth.signUp();
    const secondDevice = await auth.signIn(member.email, member.password);
    const cookie = `crucible_token=${encodeURIComponent(secondDevice)}`;
    await call(routes.signOut, { cookie, headers: { [CSRF_HEADER_NAME]: 'XMLHttpRequest' } });
    await call(routes.currentUser, { cookie, expect: 401 });
    expect(await auth.currentUser(member.token)).toMatchObject({ id: member.id });
  });

  it('refuses a sign-out by the cookie alone (a form on another port of the host) and keeps the session', async () => {
    const member = await auth.signUp();
    const cookie = `crucible_token=${encodeURIComponent(member.token)}`;
    // Raw: the answer's Set-Cookie headers are read (none may clear the cookie), which a call does not return.
    const forged = await auth.request('/api/auth/signout', { method: 'POST', cookie });
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie()).toEqual([]);
    expect(await auth.currentUser(member.token)).toMatchObject({ id: member.id });
  });

  it('answers 200 when signed out already or with a broken token', async () => {
    await call(routes.signOut, {});
    await call(routes.signOut, { token: 'not.a.token' });
  });
});

describe('password reset', () => {
  function requestReset(email: string) {
    return call(routes.requestPasswordReset, { body: { email } });
  }

  async function resetLinkToken(email: string): Promise<string> {
    const mail = await auth.smtp.waitForMail(email, /reset/i);
    const link = new URL(linkIn(mail, `${auth.url}/reset-password?token=`));
    auth.smtp.mails.splice(auth.smtp.mails.indexOf(mail), 1); // the next wait finds the next mail
    return link.searchParams.get('token')!;
  }

  it('answers an unknown e-mail exactly as a known one, and mails nobody', async () => {
    const member = await auth.signUp();
    const unknown = uniqueEmail('nobody');
    const unknownAnswer = await requestReset(unknown);
    const knownAnswer = await requestReset(member.email);
    expect(unknownAnswer).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(knownAnswer).toEqual(unknownAnswer);
    await resetLinkToken(member.email);
    expect(auth.smtp.mails.filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });

  it('resets with the mailed token once, ends earlier sessions and lets the new password sign in', async () => {
    const member = await auth.signUp();
    const otherService = await auth.otherServiceVerifier();
    expect(await verifyElsewhere(otherService, member.token)).toMatchObject({ userId: member.id });
    await requestReset(member.email);
    const token = await resetLinkToken(member.email);

    const newPassword = 'a brand new passphrase';
    const done = await call(routes.resetPassword, { body: { token, password: newPassword } });
    expect(done).toEqual({ message: AUTH_MESSAGES.resetDone });

    const reused = await call(routes.resetPassword, {
      body: { token, password: 'yet another passphrase' },
      expect: 400,
    });
    expect(reused.message).toBe('The password reset link is invalid or has expired.');

    await call(routes.currentUser, { token: member.token, expect: 401 });
    await verifiedElsewhereSoon(otherService, member.token).toBe(401);
    await call(routes.signIn, { body: { email: member.email, password: member.password }, expect: 401 });
    const fresh = await auth.signIn(member.email, newPassword);
    // Proving the mailbox verifies the address too.
    expect(await auth.currentUser(fresh)).toMatchObject({ id: member.id, emailVerified: true });
  });

  it('refuses an expired token with 400', async () => {
    const member = await auth.signUp();
    await requestReset(member.email);
    const token = await resetLinkToken(member.email);
    const updated = await auth.sql(
      "UPDATE email_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL RETURNING id",
      [member.id],
    );
    expect(updated).toHaveLength(1);
    const body = await call(routes.resetPassword, { body: { token, password: 'another passphrase' }, expect: 400 });
    expect(body.message).toBe('The password reset link is invalid or has expired.');
    expect(await auth.currentUser(member.token)).toMatchObject({ id: member.id });
  });

  it('retires an earlier link when a new one is requested', async () => {
    const member = await auth.signUp();
    await requestReset(member.email);
    const first = await resetLinkToken(member.email);
    await requestReset(member.email);
    const second = await resetLinkToken(member.email);
    expect(second).not.toBe(first);
    await call(routes.resetPassword, { body: { token: first, password: 'another passphrase' }, expect: 400 });
    await call(routes.resetPassword, { body: { token: second, password: 'another passphrase' } });
  });

  it('refuses a short password with "Password must be at least 8 characters long" and a missing token', async () => {
    const member = await auth.signUp();
    await requestReset(member.email);
    const token = await resetLinkToken(member.email);
    const short = await call(routes.resetPassword, { body: { token, password: 'seven77' }, expect: 400 });
    expect(short.message).toBe('Password must be at least 8 characters long');
    const noToken = await call(routes.resetPassword, {
      body: { token: '', password: 'long enough pass' },
      expect: 400,
    });
    expect(noToken.message).toBe('No reset token found');
    const unknown = await call(routes.resetPassword, {
      body: { token: 'made-up', password: 'long enough pass' },
      expect: 400,
    });
    expect(unknown.message).toBe('The password reset link is invalid or has expired.');
    // The refused attempts did not use the real token up.
    await call(routes.resetPassword, { body: { token, password: 'long enough pass' } });
  });

  it('does not treat a verification token as a reset token', async () => {
    const member = await auth.signUp();
    const mail = await auth.smtp.waitForMail(member.email, /verify/i);
    const verifyToken = new URL(linkIn(mail, `${auth.url}/api/auth/verify-email?token=`)).searchParams.get('token')!;
    const body = await call(routes.resetPassword, {
      body: { token: verifyToken, password: 'long enough pass' },
      expect: 400,
    });
    expect(body.message).toBe('The password reset link is invalid or has expired.');
  });
});
