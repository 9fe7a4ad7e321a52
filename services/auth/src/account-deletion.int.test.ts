/**
 * A member deleting their own account against the real service: what confirms it, the deactivation
 * at once (tokens refused here and by other services), the grace period a sign-in ends, and the
 * erasure after it (run here with a clock, as the periodic pass runs it with the time of day).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES as MESSAGES, AUTH_MESSAGES, SUBJECTS, type EventEnvelope } from '@crucible/proto';
import { eraseAccountsPastGrace } from './use-cases/account-deletion.ts';
import {
  collectEvents,
  startAuthHarness,
  verifiedElsewhereSoon,
  type AuthHarness,
  type EventCollector,
  type SignedUp,
} from './testing/auth-harness.ts';

const DAY_MS = 86_400_000;

let auth: AuthHarness;
let deletions: EventCollector;
const members = new Set<string>();

beforeAll(async () => {
  // The periodic pass stays out of the way (an hour); the tests run the erasure with their own clock.
  auth = await startAuthHarness({ env: { ACCOUNT_ERASURE_INTERVAL_SECONDS: '3600' } });
  deletions = await collectEvents(auth.bus, [SUBJECTS.userDeleted], (event: EventEnvelope) =>
    members.has(String((event.payload as { id?: unknown }).id)),
  );
});

afterAll(async () => {
  await deletions?.stop();
  await auth?.stop();
});

async function json(response: Response, status: number): Promise<Record<string, unknown>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function member(): Promise<SignedUp> {
  const signedUp = await auth.signUp();
  members.add(signedUp.id);
  return signedUp;
}

const deleteAccount = (token: string, body: Record<string, unknown>) =>
  auth.request('/api/auth/account/delete', { method: 'POST', token, json: body });

const signIn = (who: SignedUp) =>
  auth.request('/api/auth/signin', { method: 'POST', json: { email: who.email, password: who.password } });

async function scheduleDeletion(who: SignedUp): Promise<Date> {
  const scheduled = await json(await deleteAccount(who.token, { password: who.password, confirmation: 'DELETE' }), 200);
  expect(scheduled.message).toBe(MESSAGES.scheduled);
  return new Date(String(scheduled.erasureAt));
}

describe('asking to delete one’s account', () => {
  it('refuses without the typed confirmation or the right password, and changes nothing', async () => {
    const who = await member();
    expect(
      await json(await deleteAccount(who.token, { password: who.password, confirmation: 'delete' }), 400),
    ).toMatchObject({
      message: expect.stringContaining(MESSAGES.confirmationWrong),
    });
    expect(await json(await deleteAccount(who.token, { confirmation: 'DELETE' }), 400)).toMatchObject({
      message: MESSAGES.passwordRequired,
    });
    expect(
      await json(await deleteAccount(who.token, { password: 'not the password', confirmation: 'DELETE' }), 400),
    ).toMatchObject({ message: MESSAGES.passwordIncorrect });
    await json(await auth.request('/api/auth/user', { token: who.token }), 200);
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

    expect(erasureAt.getTime() - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(erasureAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    for (const token of [who.token, second]) await json(await auth.request('/api/auth/user', { token }), 401);
    await verifiedElsewhereSoon(otherService, second).toBe(401);
    expect(await auth.sql('SELECT 1 FROM users WHERE id = $1', [who.id])).toHaveLength(1);
  });
});

describe('the grace period', () => {
  it('restores the account when the member signs in within it, and says so', async () => {
    const who = await member();
    await scheduleDeletion(who);

    const signedIn = await json(await signIn(who), 200);
    expect(signedIn.message).toBe(MESSAGES.restored);
    await json(await auth.request('/api/auth/user', { token: String(signedIn.token) }), 200);
    expect(await auth.sql('SELECT deletion_scheduled_at FROM users WHERE id = $1', [who.id])).toEqual([
      { deletion_scheduled_at: null },
    ]);
    // Restored means no longer due: a pass long after the old date leaves the account alone.
    await eraseAccountsPastGrace(auth.service.context, new Date(Date.now() + 30 * DAY_MS));
    expect(await auth.sql('SELECT 1 FROM users WHERE id = $1', [who.id])).toHaveLength(1);
    expect((await json(await signIn(who), 200)).message).not.toBe(MESSAGES.restored);
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

    expect(await json(await signIn(who), 401)).toMatchObject({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('refuses a sign-in after the grace period even before the erasure has run', async () => {
    const who = await member();
    await scheduleDeletion(who);
    await auth.sql(`UPDATE users SET deletion_scheduled_at = now() - interval '1 minute' WHERE id = $1`, [who.id]);

    expect(await json(await signIn(who), 401)).toMatchObject({ message: AUTH_MESSAGES.invalidCredentials });
    expect(await auth.sql('SELECT 1 FROM users WHERE id = $1', [who.id])).toHaveLength(1);
  });
});
