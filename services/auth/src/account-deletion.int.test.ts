/**
 * A member deleting their own account against the real service: what confirms it (the password or a
 * passkey), the deactivation at once (tokens refused here and by other services), the grace period a
 * sign-in ends, and the erasure after it (run here with a clock, as the periodic pass runs it with the
 * time of day); each step on the audit log's events and in the member's mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETION_MESSAGES as MESSAGES,
  AUTH_MESSAGES,
  SUBJECTS,
  type AdminActionPayload,
  type EventEnvelope,
  authRoutes as routes,
  type CallInput,
} from '@crucible/proto';
import { callsWith, type TestCall } from '@crucible/test-kit';
import { eraseAccountsPastGrace } from './use-cases/account-deletion.ts';
import {
  collectEvents,
  startAuthHarness,
  verifiedElsewhereSoon,
  type AuthHarness,
  type EventCollector,
  type SignedUp,
} from './testing/auth-harness.ts';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from './testing/software-authenticator.ts';

const DAY_MS = 86_400_000;
/** Not the default (7): the service and the page must use the configured period. */
const GRACE_DAYS = 3;

let auth: AuthHarness;
let call: TestCall;
let deletions: EventCollector;
let audited: EventCollector;
const members = new Set<string>();

beforeAll(async () => {
  // The periodic pass stays out of the way (an hour); the tests run the erasure with their own clock.
  auth = await startAuthHarness({
    env: { ACCOUNT_ERASURE_INTERVAL_SECONDS: '3600', ACCOUNT_DELETION_GRACE_DAYS: String(GRACE_DAYS) },
  });
  call = callsWith(auth.request);
  deletions = await collectEvents(auth.bus, [SUBJECTS.userDeleted], (event: EventEnvelope) =>
    members.has(String((event.payload as { id?: unknown }).id)),
  );
  audited = await collectEvents(auth.bus, [SUBJECTS.adminActionRecorded], (event: EventEnvelope) =>
    members.has(String((event.payload as { targetUserId?: unknown }).targetUserId)),
  );
});

afterAll(async () => {
  await deletions?.stop();
  await audited?.stop();
  await auth?.stop();
});

/** The audit log's entries about `userId` (auth.admin.action, which the admin service records), once there are `count`. */
async function auditedSteps(userId: string, count: number): Promise<AdminActionPayload[]> {
  const about = (events: EventEnvelope[]) =>
    events.map((event) => event.payload as AdminActionPayload).filter((payload) => payload.targetUserId === userId);
  return about(await audited.waitUntil((events) => about(events).length >= count));
}

async function member(): Promise<SignedUp> {
  const signedUp = await auth.signUp();
  members.add(signedUp.id);
  return signedUp;
}

type DeleteAccountBody = CallInput<typeof routes.deleteOwnAccount>['body'];

/** Asks to delete the account of `token`, failing the test unless the answer is `status`. */
const deleteAccount = (token: string, body: DeleteAccountBody, status: number): Promise<Record<string, unknown>> =>
  call(routes.deleteOwnAccount, { token, body, expect: status });

/** Signs `who` in with their password, failing the test unless the answer is `status`. */
const signIn = (who: SignedUp, status: number): Promise<Record<string, unknown>> =>
  call(routes.signIn, { body: { email: who.email, password: who.password }, expect: status });

async function scheduleDeletion(who: SignedUp): Promise<Date> {
  const scheduled = await deleteAccount(who.token, { password: who.password, confirmation: 'DELETE' }, 200);
  expect(scheduled.message).toBe(MESSAGES.scheduled);
  return new Date(String(scheduled.erasureAt));
}

describe('asking to delete one’s account', () => {
  it('refuses without the typed confirmation or the right password, and changes nothing', async () => {
    const who = await member();
    expect(await deleteAccount(who.token, { password: who.password, confirmation: 'delete' }, 400)).toMatchObject({
      message: expect.stringContaining(MESSAGES.confirmationWrong),
    });
    expect(await deleteAccount(who.token, { confirmation: 'DELETE' }, 400)).toMatchObject({
      message: MESSAGES.passwordRequired,
    });
    expect(await deleteAccount(who.token, { password: 'not the password', confirmation: 'DELETE' }, 400)).toMatchObject(
      { message: MESSAGES.passwordIncorrect },
    );
    await call(routes.currentUser, { token: who.token });
    expect(await auth.sql('SELECT deletion_scheduled_at FROM users WHERE id = $1', [who.id])).toEqual([
      { deletion_scheduled_at: null },
    ]);
  });

  it('deactivates the account at once: every session ends here and in other services', async () => {
    const who = await member();
    const second = await auth.signIn(who.email, who.password);
    const otherService = await auth.otherServiceVerifier();
    await verifiedElsewhereSoon(otherService, second).toMatchObject({ userId: who.id });
    const before = Date.now();

    const erasureAt = await scheduleDeletion(who);

    expect(erasureAt.getTime() - before).toBeGreaterThanOrEqual(GRACE_DAYS * DAY_MS - 1000);
    expect(erasureAt.getTime() - Date.now()).toBeLessThanOrEqual(GRACE_DAYS * DAY_MS);
    for (const token of [who.token, second]) await call(routes.currentUser, { token, expect: 401 });
    await verifiedElsewhereSoon(otherService, second).toBe(401);
    expect(await auth.sql('SELECT 1 FROM users WHERE id = $1', [who.id])).toHaveLength(1);
  });
});

describe('the grace period', () => {
  it('restores the account when the member signs in within it, and says so', async () => {
    const who = await member();
    await scheduleDeletion(who);

    const signedIn = await signIn(who, 200);
    expect(signedIn.message).toBe(MESSAGES.restored);
    await call(routes.currentUser, { token: String(signedIn.token) });
    expect(await auth.sql('SELECT deletion_scheduled_at FROM users WHERE id = $1', [who.id])).toEqual([
      { deletion_scheduled_at: null },
    ]);
    // Restored means no longer due: a pass long after the old date leaves the account alone.
    await eraseAccountsPastGrace(auth.service.context, new Date(Date.now() + 30 * DAY_MS));
    expect(await auth.sql('SELECT 1 FROM users WHERE id = $1', [who.id])).toHaveLength(1);
    expect((await signIn(who, 200)).message).not.toBe(MESSAGES.restored);
  });

  it('erases the account once it is over, announcing auth.user.deleted once, and then refuses its sign-in', async () => {
    const who = await member();
    const erasureAt = await scheduleDeletion(who);

    expect(await eraseAccountsPastGrace(auth.service.context, new Date(erasureAt.getTime() - 1000))).toBe(0);
    expect(await auth.sql('SELECT 1 FROM users WHERE id = $1', [who.id])).toHaveLength(1);

    const after = new Date(erasureAt.getTime() + 1000);
    expect(await eraseAccountsPastGrace(auth.service.context, after)).toBeGreaterThanOrEqual(1);
    expect(await auth.sql('SELECT 1 FROM users WHERE id = $1', [who.id])).toEqual([]);
    expect(await auth.sql('SELECT 1 FROM sessions WHERE user_id = $1', [who.id])).toEqual([]);
    // A second pass (another replica, or the next tick) finds nothing more to do for them.
    await eraseAccountsPastGrace(auth.service.context, after);
    const aboutThem = (events: EventEnvelope[]) =>
      events.filter((event) => (event.payload as { id: string }).id === who.id);
    expect(aboutThem(await deletions.waitUntil((events) => aboutThem(events).length > 0))).toHaveLength(1);

    expect(await signIn(who, 401)).toMatchObject({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('refuses a sign-in after the grace period even before the erasure has run', async () => {
    const who = await member();
    await scheduleDeletion(who);
    await auth.sql(`UPDATE users SET deletion_scheduled_at = now() - interval '1 minute' WHERE id = $1`, [who.id]);

    expect(await signIn(who, 401)).toMatchObject({ message: AUTH_MESSAGES.invalidCredentials });
    expect(await auth.sql('SELECT 1 FROM users WHERE id = $1', [who.id])).toHaveLength(1);
  });
});

describe('what the page is told before the member confirms', () => {
  it('gives the configured grace period and the ways the member can confirm', async () => {
    const who = await member();
    expect(await call(routes.accountDeletionStatus, { token: who.token })).toEqual({
      graceDays: GRACE_DAYS,
      hasPassword: true,
      hasPasskeys: false,
    });
    await withPasskey(who);
    expect(await call(routes.accountDeletionStatus, { token: who.token })).toMatchObject({
      hasPasskeys: true,
    });
  });
});

type Options = { challenge: string; rp: { id?: string }; rpId?: string };

type Ceremony =
  | typeof routes.passkeyRegistrationOptions
  | typeof routes.passkeySignInOptions
  | typeof routes.accountDeletionPasskeyOptions;

async function ceremony(route: Ceremony, token?: string): Promise<{ challengeId: string; options: Options }> {
  const { challengeId, options } = await call(route, { token });
  return { challengeId, options: options as Options };
}

async function withPasskey(who: SignedUp): Promise<SoftwareAuthenticator> {
  const authenticator = createSoftwareAuthenticator();
  const { challengeId, options } = await ceremony(routes.passkeyRegistrationOptions, who.token);
  await call(routes.addPasskey, {
    token: who.token,
    body: { challengeId, name: 'Phone', response: authenticator.register(options, auth.url) },
  });
  return authenticator;
}

/** The member's passkey answering a challenge of `route` (a deletion's unless said otherwise). */
async function passkeyAssertion(
  who: SignedUp,
  authenticator: SoftwareAuthenticator,
  route: Ceremony = routes.accountDeletionPasskeyOptions,
) {
  const { challengeId, options } = await ceremony(route, who.token);
  return { challengeId, response: authenticator.signIn(options, auth.url) };
}

describe('confirming with a passkey instead of the password', () => {
  it('deactivates the account when the member’s passkey answers a deletion challenge', async () => {
    const who = await member();
    const authenticator = await withPasskey(who);

    const scheduled = await deleteAccount(
      who.token,
      { passkey: await passkeyAssertion(who, authenticator), confirmation: 'DELETE' },
      200,
    );

    expect(scheduled.message).toBe(MESSAGES.scheduled);
    await call(routes.currentUser, { token: who.token, expect: 401 });
    const [row] = await auth.sql<{ deletion_scheduled_at: Date }>(
      'SELECT deletion_scheduled_at FROM users WHERE id = $1',
      [who.id],
    );
    expect(row?.deletion_scheduled_at.toISOString()).toBe(scheduled.erasureAt);
    expect((await auditedSteps(who.id, 1))[0]).toMatchObject({
      actionType: 'user_deactivate',
      adminId: who.id,
      details: expect.objectContaining({ selfService: true, confirmedWith: 'passkey' }),
    });
  });

  it('refuses a sign-in challenge, a replayed answer, another member’s passkey, and a missing typed word', async () => {
    const who = await member();
    const authenticator = await withPasskey(who);
    const refused = async (body: DeleteAccountBody, message: string) => {
      expect(await deleteAccount(who.token, body, 400)).toMatchObject({
        message: expect.stringContaining(message),
      });
    };

    // A challenge issued to sign in is bound to that purpose: it confirms no deletion.
    const signInAnswer = await passkeyAssertion(who, authenticator, routes.passkeySignInOptions);
    await refused({ passkey: signInAnswer, confirmation: 'DELETE' }, MESSAGES.passkeyFailed);

    // Nor does a deletion challenge sign anyone in.
    const deletionAnswer = await passkeyAssertion(who, authenticator);
    await call(routes.signInWithPasskey, { body: deletionAnswer, expect: 401 });

    await refused(
      { passkey: await passkeyAssertion(who, authenticator), confirmation: 'nope' },
      MESSAGES.confirmationWrong,
    );

    const stranger = await member();
    const strangersKey = await withPasskey(stranger);
    const { challengeId, options } = await ceremony(routes.accountDeletionPasskeyOptions, who.token);
    await refused(
      { passkey: { challengeId, response: strangersKey.signIn(options, auth.url) }, confirmation: 'DELETE' },
      MESSAGES.passkeyFailed,
    );

    const answer = await passkeyAssertion(who, authenticator);
    await refused({ passkey: answer, password: who.password, confirmation: 'DELETE' }, MESSAGES.confirmWithOne);
    await deleteAccount(who.token, { passkey: answer, confirmation: 'DELETE' }, 200);
    // The challenge is spent: the same answer again changes nothing (the session is gone too, so sign in).
    const again = await signIn(who, 200);
    expect(await deleteAccount(String(again.token), { passkey: answer, confirmation: 'DELETE' }, 400)).toMatchObject({
      message: MESSAGES.passkeyFailed,
    });
    await call(routes.currentUser, { token: String(again.token) });
  });

  it('offers no deletion challenge to a member without passkeys', async () => {
    const who = await member();
    expect(await call(routes.accountDeletionPasskeyOptions, { token: who.token, expect: 400 })).toMatchObject({
      message: MESSAGES.noPasskeys,
    });
  });
});

describe('the record and the mails of a deletion', () => {
  it('audits the request, the restoring sign-in and the erasure, and mails the member at each change', async () => {
    const who = await member();
    const erasureAt = await scheduleDeletion(who);

    const scheduledMail = await auth.smtp.waitForMail(who.email, /will be deleted/);
    expect(scheduledMail.text).toContain(erasureAt.toUTCString());
    expect(scheduledMail.text).toContain('signing in restores it');

    const back = await signIn(who, 200);
    const restoredMail = await auth.smtp.waitForMail(who.email, /restored/);
    expect(restoredMail.text).toContain('no longer scheduled for deletion');

    const second = await scheduleDeletion({ ...who, token: String(back.token) });
    await eraseAccountsPastGrace(auth.service.context, new Date(second.getTime() + 1000));

    const steps = await auditedSteps(who.id, 4);
    expect(steps.map((step) => step.actionType)).toEqual([
      'user_deactivate',
      'user_reactivate',
      'user_deactivate',
      'user_delete',
    ]);
    for (const step of steps)
      expect(step).toMatchObject({ adminId: who.id, details: expect.objectContaining({ selfService: true }) });
    expect(steps[0]).toMatchObject({
      description: expect.stringContaining(who.email),
      details: expect.objectContaining({ erasureAt: erasureAt.toISOString(), confirmedWith: 'password' }),
      sessionId: expect.any(String),
    });
    expect(steps[3]!.description).not.toContain(who.email);
  });
});
