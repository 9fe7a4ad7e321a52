/**
 * A member's own security against the real service: two-factor sign-in with an authenticator app
 * (codes computed here from the secret the service handed out), recovery codes, the limits on wrong
 * codes, the active sessions a member sees and ends, and the admin's policy requiring two-factor.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SECURITY_MESSAGES as MESSAGES, authRoutes as routes } from '@crucible/proto';
import { callsWith, type TestCall } from '@crucible/test-kit';
import {
  collectEvents,
  cookieFrom,
  startAuthHarness,
  uniqueEmail,
  verifiedElsewhereSoon,
  type AuthHarness,
  type EventCollector,
  type SignedUp,
} from './testing/auth-harness.ts';
import { createSoftwareAuthenticator } from './testing/software-authenticator.ts';

const ADMIN_EMAIL = uniqueEmail('security-admin');
const ADMIN_PASSWORD = 'the admin passphrase';
const PERIOD_MS = 30_000;

let auth: AuthHarness;
let call: TestCall;
let adminToken: string;

beforeAll(async () => {
  auth = await startAuthHarness({
    env: { ADMIN_EMAIL, ADMIN_PASSWORD, RATE_LIMIT_TWO_FACTOR_FAILURES_PER_ACCOUNT: '10' },
  });
  call = callsWith(auth.request);
  adminToken = await auth.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
});

afterAll(async () => {
  await auth?.stop();
});

async function json(response: Response, status: number): Promise<Record<string, unknown>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** The code an authenticator app shows `offsetSteps` steps from now. */
function codeOf(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * PERIOD_MS,
  });
}

interface TwoFactorMember extends SignedUp {
  secret: string;
  recoveryCodes: string[];
}

/** A new member who scanned the QR code and confirmed it with the code of this step. */
async function memberWithTwoFactor(): Promise<TwoFactorMember> {
  const member = await auth.signUp();
  const { secret } = await call(routes.startTwoFactorSetup, { token: member.token });
  const enabled = await call(routes.enableTwoFactor, { body: { code: codeOf(secret) }, token: member.token });
  return { ...member, secret, recoveryCodes: enabled.recoveryCodes };
}

async function challengeFor(member: SignedUp): Promise<string> {
  // Raw: the answer's Set-Cookie headers are read (no session cookie yet), which a call does not return.
  const response = await auth.request('/api/auth/signin', { json: { email: member.email, password: member.password } });
  expect(cookieFrom(response, 'crucible_token')).toBeUndefined();
  const body = await json(response, 200);
  expect(body).toEqual({ message: MESSAGES.twoFactorRequired, twoFactorRequired: true, challenge: expect.any(String) });
  return String(body.challenge);
}

/** Answers a sign-in's challenge with `code`, expecting a session unless `expect` names another status. */
const finish = (challenge: string, code: string, expect?: number) =>
  call(routes.signInWithTwoFactor, { body: { challenge, code }, expect });

describe('two-factor set-up', () => {
  it('offers a secret with its QR code and turns on only after a correct code', async () => {
    const member = await auth.signUp();
    const before = await call(routes.twoFactorStatus, { token: member.token });
    expect(before).toMatchObject({ enabled: false, recoveryCodesLeft: 0, available: true, setupRequired: false });

    const setup = await call(routes.startTwoFactorSetup, { token: member.token });
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Crucible:.*secret=/);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Until a code confirms it, a password still signs in on its own.
    expect(await auth.signIn(member.email, member.password)).toEqual(expect.any(String));

    const enable = (code: string, expect?: number) =>
      call(routes.enableTwoFactor, { body: { code }, token: member.token, expect });
    expect(await enable(codeOf(setup.secret, 5), 400)).toMatchObject({ message: MESSAGES.codeInvalid });

    const codes = (await enable(codeOf(setup.secret))).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await auth.sql<{ code_hash: string }>('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [
      member.id,
    ]);
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);

    const after = await call(routes.twoFactorStatus, { token: member.token });
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });
});

describe('signing in with two-factor on', () => {
  it('gives no token for the password alone, and a session for the next code', async () => {
    const member = await memberWithTwoFactor();
    const challenge = await challengeFor(member);
    // Raw: the answer's Set-Cookie headers are read, which a call does not return.
    const response = await auth.request('/api/auth/signin/two-factor', {
      json: { challenge, code: codeOf(member.secret, 1) },
    });
    const body = await json(response, 200);
    expect(body.token).toEqual(expect.any(String));
    expect(cookieFrom(response, 'crucible_token')?.value).toBe(body.token);
    expect(await auth.currentUser(String(body.token))).toMatchObject({ id: member.id });
  });

  it('refuses a code a second time, and a code older than the last one used', async () => {
    const member = await memberWithTwoFactor();
    const code = codeOf(member.secret, 1);
    await finish(await challengeFor(member), code);
    expect(await finish(await challengeFor(member), code, 401)).toMatchObject({ message: MESSAGES.codeInvalid });
    // The code set-up used (this step) is older than the one just accepted.
    expect(await finish(await challengeFor(member), codeOf(member.secret), 401)).toMatchObject({
      message: MESSAGES.codeInvalid,
    });
  });

  it('takes each recovery code once, typed in any case and without the dash', async () => {
    const member = await memberWithTwoFactor();
    const typed = member.recoveryCodes[0]!.toUpperCase().replace('-', '');
    const signedIn = await finish(await challengeFor(member), typed);
    await finish(await challengeFor(member), member.recoveryCodes[0]!, 401);
    const status = await call(routes.twoFactorStatus, { token: signedIn.token });
    expect(status.recoveryCodesLeft).toBe(9);
  });

  it('uses a challenge once, and ends it after five wrong codes', async () => {
    const member = await memberWithTwoFactor();
    const challenge = await challengeFor(member);
    await finish(challenge, codeOf(member.secret, 1));
    expect(await finish(challenge, member.recoveryCodes[0]!, 401)).toMatchObject({
      message: MESSAGES.challengeExpired,
    });

    const second = await challengeFor(member);
    for (let attempt = 0; attempt < 5; attempt += 1) await finish(second, '000000', 401);
    expect(await finish(second, member.recoveryCodes[1]!, 401)).toMatchObject({
      message: MESSAGES.challengeExpired,
    });
  });

  it('refuses every code with 429 once the account has had too many wrong ones, whatever the challenge', async () => {
    const member = await memberWithTwoFactor();
    for (let round = 0; round < 2; round += 1) {
      const challenge = await challengeFor(member);
      for (let attempt = 0; attempt < 5; attempt += 1) await finish(challenge, '000000', 401);
    }
    // Raw: the 429's Retry-After header is read, which a call does not return.
    const response = await auth.request('/api/auth/signin/two-factor', {
      json: { challenge: await challengeFor(member), code: member.recoveryCodes[0]! },
    });
    await json(response, 429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('turns off only with the password and a current code', async () => {
    const member = await memberWithTwoFactor();
    const { token } = await finish(await challengeFor(member), codeOf(member.secret, 1));
    const disable = (password: string, code: string, expect?: number) =>
      call(routes.disableTwoFactor, { body: { password, code }, token, expect });
    expect(await disable('not the password', member.recoveryCodes[0]!, 400)).toMatchObject({
      message: MESSAGES.passwordIncorrect,
    });
    expect(await disable(member.password, '123456', 400)).toMatchObject({ message: MESSAGES.codeInvalid });
    await disable(member.password, member.recoveryCodes[0]!);
    expect(await auth.signIn(member.email, member.password)).toEqual(expect.any(String));
  });
});

describe('active sessions', () => {
  it('lists the member’s sessions with the device, the current one first', async () => {
    const member = await auth.signUp();
    await call(routes.signIn, {
      body: { email: member.email, password: member.password },
      headers: {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
    });
    const sessions = await call(routes.listSessions, { token: member.token });
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true });
    expect(sessions[1]).toMatchObject({ current: false, device: 'Chrome 131 on Linux', ipAddress: expect.any(String) });
  });

  it('ends one session: its token is refused here and by other services', async () => {
    const member = await auth.signUp();
    const other = await auth.signIn(member.email, member.password);
    const otherService = await auth.otherServiceVerifier();
    await verifiedElsewhereSoon(otherService, other).toMatchObject({ userId: member.id });
    const sessions = await call(routes.listSessions, { token: member.token });
    const otherId = sessions.find((session) => !session.current)!.id;

    await call(routes.endSession, { params: { id: otherId }, token: member.token });
    await call(routes.currentUser, { token: other, expect: 401 });
    await verifiedElsewhereSoon(otherService, other).toBe(401);
    await call(routes.currentUser, { token: member.token });
  });

  it('ends all the others and keeps the current one', async () => {
    const member = await auth.signUp();
    const others = [await auth.signIn(member.email, member.password), await auth.signIn(member.email, member.password)];
    expect(await call(routes.endOtherSessions, { token: member.token })).toEqual({ ended: 2 });
    for (const token of others) await call(routes.currentUser, { token, expect: 401 });
    expect(await call(routes.listSessions, { token: member.token })).toHaveLength(1);
  });

  it('answers 404 for another member’s session and changes nothing', async () => {
    const owner = await auth.signUp();
    const intruder = await auth.signUp();
    const [ownerSession] = await call(routes.listSessions, { token: owner.token });
    const refused = await call(routes.endSession, {
      params: { id: ownerSession!.id },
      token: intruder.token,
      expect: 404,
    });
    expect(refused).toMatchObject({ message: MESSAGES.sessionNotFound });
    await call(routes.currentUser, { token: owner.token });
  });
});

describe('the policy requiring two-factor of Admin and Core members', () => {
  let adminActions: EventCollector;

  beforeAll(async () => {
    const adminId = String((await auth.currentUser(adminToken)).id);
    adminActions = await collectEvents(
      auth.bus,
      ['auth.admin.action'],
      (event) => (event.payload as { adminId?: string }).adminId === adminId,
    );
  });

  afterAll(async () => {
    await adminActions?.stop();
  });

  it('is the admins’ to set, is audited, and asks Core members (not others) to set two-factor up', async () => {
    const core = await auth.signUp();
    const journeyman = await auth.signUp();
    await call(routes.setAccessLevel, { params: { id: core.id }, body: { accessLevel: 'Core' }, token: adminToken });
    const setPolicy = (requireTwoFactorForStaff: boolean, token: string, expect?: number) =>
      call(routes.updateSecurityPolicy, { body: { requireTwoFactorForStaff }, token, expect });
    await setPolicy(true, core.token, 403);
    const set = await setPolicy(true, adminToken);
    expect(set.requireTwoFactorForStaff).toBe(true);
    const events = await adminActions.waitUntil((received) =>
      received.some((event) => (event.payload as { actionType?: string }).actionType === 'security_policy_updated'),
    );
    expect(
      events.find((event) => (event.payload as { actionType?: string }).actionType === 'security_policy_updated')
        ?.payload,
    ).toMatchObject({
      targetUserId: null,
      details: { requireTwoFactorForStaff: true },
    });

    expect(await call(routes.twoFactorStatus, { token: core.token })).toMatchObject({ setupRequired: true });
    expect(await call(routes.twoFactorStatus, { token: journeyman.token })).toMatchObject({ setupRequired: false });

    await setPolicy(false, adminToken);
    expect(await call(routes.twoFactorStatus, { token: core.token })).toMatchObject({ setupRequired: false });
  });
});

describe('passkeys', () => {
  type Ceremony = typeof routes.passkeyRegistrationOptions | typeof routes.passkeySignInOptions;

  async function ceremony(route: Ceremony, token?: string) {
    const { challengeId, options } = await call(route, { token });
    return { challengeId, options: options as { challenge: string; rp: { id?: string }; rpId?: string } };
  }

  async function memberWithPasskey() {
    const member = await auth.signUp();
    const authenticator = createSoftwareAuthenticator();
    const { challengeId, options } = await ceremony(routes.passkeyRegistrationOptions, member.token);
    const added = await call(routes.addPasskey, {
      body: { challengeId, name: 'Work laptop', response: authenticator.register(options, auth.url) },
      token: member.token,
    });
    return { member, authenticator, passkeyId: added.id };
  }

  it('adds a passkey and signs in with it, without the password', async () => {
    const { member, authenticator } = await memberWithPasskey();
    const listed = await call(routes.listPasskeys, { token: member.token });
    expect(listed).toEqual([expect.objectContaining({ name: 'Work laptop', lastUsedAt: null })]);

    const { challengeId, options } = await ceremony(routes.passkeySignInOptions);
    // Raw: the answer's Set-Cookie headers are read, which a call does not return.
    const response = await auth.request('/api/auth/signin/passkey', {
      json: { challengeId, response: authenticator.signIn(options, auth.url) },
    });
    const body = await json(response, 200);
    expect(cookieFrom(response, 'crucible_token')?.value).toBe(body.token);
    expect(await auth.currentUser(String(body.token))).toMatchObject({ id: member.id });
  });

  it('refuses a replayed answer, an answer for another origin, and an unknown passkey', async () => {
    const { authenticator } = await memberWithPasskey();
    const first = await ceremony(routes.passkeySignInOptions);
    const answer = authenticator.signIn(first.options, auth.url);
    await call(routes.signInWithPasskey, { body: { challengeId: first.challengeId, response: answer } });
    expect(
      await call(routes.signInWithPasskey, { body: { challengeId: first.challengeId, response: answer }, expect: 401 }),
    ).toMatchObject({ message: MESSAGES.passkeyFailed });

    const phishing = await ceremony(routes.passkeySignInOptions);
    const elsewhere = authenticator.signIn(
      { ...phishing.options, rpId: new URL(auth.url).hostname },
      'https://crucible.example.net',
    );
    await call(routes.signInWithPasskey, {
      body: { challengeId: phishing.challengeId, response: elsewhere },
      expect: 401,
    });

    const stranger = await ceremony(routes.passkeySignInOptions);
    const unknown = createSoftwareAuthenticator().signIn(stranger.options, auth.url);
    expect(
      await call(routes.signInWithPasskey, {
        body: { challengeId: stranger.challengeId, response: unknown },
        expect: 401,
      }),
    ).toMatchObject({ message: MESSAGES.passkeyNotRecognized });
  });

  it('renames and removes only the member’s own passkeys; a removed one signs in no more', async () => {
    const { member, authenticator, passkeyId } = await memberWithPasskey();
    const other = await auth.signUp();
    const params = { id: passkeyId };
    await call(routes.renamePasskey, { params, body: { name: 'Mine now' }, token: other.token, expect: 404 });
    await call(routes.removePasskey, { params, token: other.token, expect: 404 });
    expect(await call(routes.renamePasskey, { params, body: { name: 'Phone' }, token: member.token })).toMatchObject({
      name: 'Phone',
    });
    await call(routes.removePasskey, { params, token: member.token });
    const { challengeId, options } = await ceremony(routes.passkeySignInOptions);
    await call(routes.signInWithPasskey, {
      body: { challengeId, response: authenticator.signIn(options, auth.url) },
      expect: 401,
    });
  });
});
