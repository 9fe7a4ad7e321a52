/**
 * The first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and the admin user routes: each refused to
 * members, each change live on the member's next request (here and in other services), each one
 * published as `auth.admin.action` on the real NATS bus.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, type CallInput, type ResponseOf, type RouteContract } from '@crucible/proto';
import { callerFromPrincipal, type TokenVerifier } from '@crucible/platform';
import { callsWith, linkIn, type TestCall } from '@crucible/test-kit';
import {
  TEST_PASSWORD,
  collectEvents,
  startAuthHarness,
  uniqueEmail,
  uniqueTag,
  verifiedElsewhereSoon,
  verifyElsewhere,
  type AuthHarness,
  type EventCollector,
  type SignedUp,
} from './testing/auth-harness.ts';
import * as adminUsers from './use-cases/admin-users.ts';

const ADMIN_EMAIL = uniqueEmail('admin');
const ADMIN_PASSWORD = 'the admin passphrase';

let auth: AuthHarness;
let call: TestCall;
let adminToken: string;
let adminId: string;
let adminActions: EventCollector;
let otherService: TokenVerifier;

beforeAll(async () => {
  auth = await startAuthHarness({ env: { ADMIN_EMAIL: ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD } });
  call = callsWith(auth.request);
  adminToken = await auth.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = String((await auth.currentUser(adminToken)).id);
  adminActions = await collectEvents(
    auth.bus,
    ['auth.admin.action'],
    (event) => (event.payload as { adminId?: string }).adminId === adminId,
  );
  otherService = await auth.otherServiceVerifier();
});

afterAll(async () => {
  await adminActions?.stop();
  await auth?.stop();
});

/** Calls a route as the first admin, expecting its success status unless `expect` names another. */
function callAsAdmin<Route extends RouteContract>(
  route: Route,
  input: CallInput<Route> & { expect?: number },
): Promise<ResponseOf<Route>> {
  const withToken: CallInput<Route> & { expect?: number; token: string } = { ...input, token: adminToken };
  return call(route, withToken);
}

/** Raw, as the first admin: what the contract's types would refuse (levels and filters outside its enums, missing or unknown fields). */
async function asAdmin(
  path: string,
  options: { method?: string; json?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await auth.request(path, { ...options, token: adminToken });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Waits for the admin action event and checks what it says. */
async function expectAdminAction(actionType: string, targetUserId: string): Promise<Record<string, unknown>> {
  const events = await adminActions.waitUntil((received) =>
    received.some(
      (event) =>
        (event.payload as Record<string, unknown>).actionType === actionType &&
        (event.payload as Record<string, unknown>).targetUserId === targetUserId,
    ),
  );
  const event = events.find(
    (candidate) =>
      (candidate.payload as Record<string, unknown>).actionType === actionType &&
      (candidate.payload as Record<string, unknown>).targetUserId === targetUserId,
  )!;
  expect(event.subject).toBe('auth.admin.action');
  expect(event.payload).toMatchObject({
    adminId,
    actionType,
    targetUserId,
    description: expect.any(String),
    ipAddress: auth.ip,
    userAgent: expect.any(String),
  });
  return event.payload as Record<string, unknown>;
}

function adminActionsOn(targetUserId: string): unknown[] {
  return adminActions.events.filter(
    (event) => (event.payload as Record<string, unknown>).targetUserId === targetUserId,
  );
}

describe('the first admin', () => {
  it('exists from start-up, verified, with access level Admin and isAdmin', async () => {
    expect(await auth.currentUser(adminToken)).toMatchObject({
      email: ADMIN_EMAIL,
      accessLevel: 'Admin',
      isAdmin: true,
      emailVerified: true,
      authProvider: 'email',
    });
  });

  it('is left exactly as it is when another instance starts on the same database', async () => {
    const renamed = await callAsAdmin(authRoutes.updateAdminUser, {
      params: { id: adminId },
      body: { firstName: 'Renamed', lastName: 'Chief' },
    });
    expect(renamed).toMatchObject({ id: adminId, firstName: 'Renamed', lastName: 'Chief' });
    await expectAdminAction('user_update', adminId);

    const second = await startAuthHarness({
      database: auth.database,
      cachePrefix: auth.cachePrefix,
      namespace: auth.namespace,
      env: { ADMIN_EMAIL, ADMIN_PASSWORD: 'another admin passphrase' },
    });
    try {
      const rows = await auth.sql('SELECT email FROM users WHERE is_admin');
      expect(rows).toEqual([{ email: ADMIN_EMAIL }]);
      const callSecond = callsWith(second.request);
      expect(await callSecond(authRoutes.currentUser, { token: adminToken })).toMatchObject({
        id: adminId,
        firstName: 'Renamed',
        lastName: 'Chief',
        accessLevel: 'Admin',
        isAdmin: true,
      });
      await callSecond(authRoutes.signIn, {
        body: { email: ADMIN_EMAIL, password: 'another admin passphrase' },
        expect: 401,
      });
      await callSecond(authRoutes.signIn, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    } finally {
      await second.stop();
    }
    expect(await auth.currentUser(adminToken)).toMatchObject({ firstName: 'Renamed' });
  });
});

describe('admin routes', () => {
  let member: SignedUp;

  beforeAll(async () => {
    member = await auth.signUp();
  });

  it('refuse members with 403 and visitors with 401', async () => {
    const target = (await auth.signUp()).id;
    const params = { id: target };
    const attempts: ((options: { token?: string; expect: number }) => Promise<unknown>)[] = [
      (options) => call(authRoutes.listAdminUsers, options),
      (options) => call(authRoutes.getAdminUser, { params, ...options }),
      (options) => call(authRoutes.updateAdminUser, { params, body: { firstName: 'Hacked' }, ...options }),
      (options) => call(authRoutes.setAccessLevel, { params, body: { accessLevel: 'Admin' }, ...options }),
      (options) =>
        call(authRoutes.setAccessLevel, { params: { id: member.id }, body: { accessLevel: 'Admin' }, ...options }),
      (options) => call(authRoutes.adminPasswordReset, { params, ...options }),
      (options) => call(authRoutes.deactivateAdminUser, { params, ...options }),
      (options) =>
        call(authRoutes.suspendAdminUser, {
          params,
          body: { until: '2999-01-01T00:00:00Z', reason: 'spam' },
          ...options,
        }),
      (options) => call(authRoutes.reactivateAdminUser, { params, ...options }),
      (options) => call(authRoutes.deleteAdminUser, { params, ...options }),
    ];
    for (const attempt of attempts) {
      expect(await attempt({ token: member.token, expect: 403 })).toMatchObject({ message: 'Admin access required' });
      await attempt({ expect: 401 });
    }
    expect(await auth.currentUser(member.token)).toMatchObject({ accessLevel: 'Public', isAdmin: false });
    await call(authRoutes.currentUser, { token: await auth.signIn(member.email, member.password) });
    expect(adminActionsOn(target)).toEqual([]);
  });

  it('refuse members who reach the admin use cases without a route (the rule is in the use case)', async () => {
    const target = (await auth.signUp()).id;
    const caller = callerFromPrincipal(await otherService.verify(member.token));
    const ctx = auth.service.context;
    const attempts: [string, () => Promise<unknown>][] = [
      ['listUsers', () => adminUsers.listUsers(ctx, caller, { limit: 10, offset: 0, sort: 'joined' })],
      ['getUser', () => adminUsers.getUser(ctx, caller, target)],
      ['updateUser', () => adminUsers.updateUser(ctx, caller, target, { firstName: 'Hacked' })],
      ['setAccessLevel', () => adminUsers.setAccessLevel(ctx, caller, member.id, 'Admin')],
      ['sendAdminPasswordReset', () => adminUsers.sendAdminPasswordReset(ctx, caller, target)],
      ['deleteUser', () => adminUsers.deleteUser(ctx, caller, target)],
    ];
    for (const [name, attempt] of attempts) {
      await expect(attempt(), name).rejects.toMatchObject({ statusCode: 403, message: 'Admin access required' });
    }
    expect(await auth.currentUser(member.token)).toMatchObject({ accessLevel: 'Public', isAdmin: false });
    expect(adminActionsOn(target)).toEqual([]);
  });

  it("show one member's account with when they were last seen, and answer 404 for an unknown id", async () => {
    const shown = await auth.signUp({ firstName: 'Shown', lastName: 'Once' });
    await call(authRoutes.currentUser, { token: await auth.signIn(shown.email, shown.password) });
    const one = await callAsAdmin(authRoutes.getAdminUser, { params: { id: shown.id } });
    expect(one).toMatchObject({
      id: shown.id,
      firstName: 'Shown',
      accessLevel: 'Public',
      isActive: true,
      suspendedUntil: null,
    });
    expect(one.lastSeenAt).toEqual(expect.any(String));
    expect(one.createdAt).toEqual(expect.any(String));
    expect(await callAsAdmin(authRoutes.getAdminUser, { params: { id: randomUUID() }, expect: 404 })).toMatchObject({
      message: 'User not found',
    });
  });

  it('list users with limit, offset and search as {users, total}', async () => {
    const surname = `Pager${uniqueTag(3)}`;
    const created: SignedUp[] = [];
    for (const firstName of ['Ann', 'Bea', 'Cid']) created.push(await auth.signUp({ firstName, lastName: surname }));

    const all = await callAsAdmin(authRoutes.listAdminUsers, { query: { search: surname.toLowerCase() } });
    expect(all.total).toBe(3);
    expect(all.users.map((user) => user.id).sort()).toEqual(created.map((user) => user.id).sort());
    expect(all.users[0]).toEqual({
      id: expect.any(String),
      email: expect.any(String),
      firstName: expect.any(String),
      lastName: surname,
      accessLevel: 'Public',
      isAdmin: false,
      isModerator: false,
      emailVerified: false,
      authProvider: 'email',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      isActive: true,
      deactivatedAt: null,
      suspendedUntil: null,
      lastSeenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const page = (offset: number) =>
      callAsAdmin(authRoutes.listAdminUsers, { query: { search: surname, limit: 2, offset } });
    const [firstPage, secondPage] = [await page(0), await page(2)];
    expect(firstPage.total).toBe(3);
    expect(secondPage.total).toBe(3);
    const paged = [...firstPage.users, ...secondPage.users].map((user) => user.id);
    expect(paged).toHaveLength(3);
    expect(new Set(paged).size).toBe(3);

    const byEmail = await callAsAdmin(authRoutes.listAdminUsers, { query: { search: created[1]!.email } });
    expect(byEmail.users.map((user) => user.id)).toEqual([created[1]!.id]);

    const everyone = await callAsAdmin(authRoutes.listAdminUsers, { query: { limit: 1000 } });
    const [{ count } = { count: '-1' }] = await auth.sql<{ count: string }>('SELECT count(*) FROM users');
    expect(everyone.total).toBe(Number(count));

    for (const search of ['%%', '__']) {
      expect(await callAsAdmin(authRoutes.listAdminUsers, { query: { search } })).toEqual({ users: [], total: 0 });
    }

    for (const query of [{ limit: 0 }, { limit: 1001 }, { limit: 'abc' }, { offset: -1 }]) {
      await callAsAdmin(authRoutes.listAdminUsers, { query, expect: 400 });
    }
  });

  it("apply a new access level on the member's next request, here and in other services, without signing in again", async () => {
    const promoted = await auth.signUp();
    expect(await verifyElsewhere(otherService, promoted.token)).toMatchObject({
      userId: promoted.id,
      accessLevel: 'Public',
    });

    const changed = await callAsAdmin(authRoutes.setAccessLevel, {
      params: { id: promoted.id },
      body: { accessLevel: 'Core' },
    });
    expect(changed).toMatchObject({ id: promoted.id, accessLevel: 'Core' });

    expect(await auth.currentUser(promoted.token)).toMatchObject({ accessLevel: 'Core' });
    await verifiedElsewhereSoon(otherService, promoted.token).toMatchObject({
      userId: promoted.id,
      accessLevel: 'Core',
      isAdmin: false,
    });
    const payload = await expectAdminAction('user_access_level', promoted.id);
    expect(payload.details).toEqual({ accessLevel: { from: 'Public', to: 'Core' } });
  });

  it('apply admin and moderator flags at once too', async () => {
    const flagged = await auth.signUp();
    const changed = await callAsAdmin(authRoutes.updateAdminUser, {
      params: { id: flagged.id },
      body: { isModerator: true },
    });
    expect(changed).toMatchObject({ isModerator: true });
    await verifiedElsewhereSoon(otherService, flagged.token).toMatchObject({ isModerator: true });
    await expectAdminAction('user_update', flagged.id);
  });

  it('refuse an invalid level, an empty or unknown patch, and answer 404 for unknown and non-uuid ids', async () => {
    const invalid = await asAdmin(`/api/admin/users/${member.id}/access-level`, {
      method: 'PATCH',
      json: { accessLevel: 'Emperor' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(
      'Access level must be one of Public, Apprentice, Journeyman, Master, Core, Admin',
    );
    expect((await asAdmin(`/api/admin/users/${member.id}/access-level`, { method: 'PATCH', json: {} })).status).toBe(
      400,
    );
    expect(
      (await asAdmin(`/api/admin/users/${member.id}/access-level`, { method: 'PATCH', json: { accessLevel: 'core' } }))
        .status,
    ).toBe(400);
    expect(
      await callAsAdmin(authRoutes.updateAdminUser, { params: { id: member.id }, body: {}, expect: 400 }),
    ).toMatchObject({ message: 'Nothing to update' });
    expect(
      (await asAdmin(`/api/admin/users/${member.id}`, { method: 'PATCH', json: { passwordHash: 'x' } })).status,
    ).toBe(400);
    await callAsAdmin(authRoutes.updateAdminUser, {
      params: { id: member.id },
      body: { email: ADMIN_EMAIL },
      expect: 409,
    });

    for (const id of [randomUUID(), 'not-a-uuid', '1', "1' OR '1'='1"]) {
      const params = { id };
      await callAsAdmin(authRoutes.setAccessLevel, { params, body: { accessLevel: 'Core' }, expect: 404 });
      await callAsAdmin(authRoutes.updateAdminUser, { params, body: { firstName: 'Ghost' }, expect: 404 });
      await callAsAdmin(authRoutes.adminPasswordReset, { params, expect: 404 });
      await callAsAdmin(authRoutes.deleteAdminUser, { params, expect: 404 });
    }
    expect(await auth.currentUser(member.token)).toMatchObject({ accessLevel: 'Public' });
    expect(adminActionsOn(member.id)).toEqual([]);
  });

  it("clear emailVerified when they change a member's e-mail, and keep it for other changes", async () => {
    const target = await auth.signUp();
    await auth.sql('UPDATE users SET email_verified = true WHERE id = $1', [target.id]);
    const update = (body: CallInput<typeof authRoutes.updateAdminUser>['body']) =>
      callAsAdmin(authRoutes.updateAdminUser, { params: { id: target.id }, body });
    expect(await update({ firstName: 'Kept', email: target.email })).toMatchObject({ emailVerified: true });
    const newEmail = `moved-${uniqueTag()}@it.crucible.test`;
    expect(await update({ email: newEmail })).toMatchObject({ email: newEmail, emailVerified: false });
    expect(await auth.sql('SELECT email_verified FROM users WHERE id = $1', [target.id])).toEqual([
      { email_verified: false },
    ]);
  });

  it('mail a password reset to an e-mail member, and refuse it for an OIDC member with 400', async () => {
    const target = await auth.signUp();
    const sent = await callAsAdmin(authRoutes.adminPasswordReset, { params: { id: target.id } });
    expect(sent).toEqual({ message: 'Password reset email sent to user', emailSent: true });
    const mail = await auth.smtp.waitForMail(target.email, /reset/i);
    expect(linkIn(mail, `${auth.url}/reset-password?token=`)).toBeTruthy();
    expect((await expectAdminAction('user_password_reset', target.id)).details).toEqual({ emailSent: true });

    const [oidcMember] = await auth.sql<{ id: string }>(
      "INSERT INTO users (id, email, auth_provider, external_subject, email_verified) VALUES (gen_random_uuid(), $1, 'oidc', $1, true) RETURNING id",
      [uniqueEmail('oidc')],
    );
    const refused = await callAsAdmin(authRoutes.adminPasswordReset, { params: { id: oidcMember!.id }, expect: 400 });
    expect(refused.message).toBe('Password reset is only available for accounts that sign in with email');
    expect(adminActionsOn(oidcMember!.id)).toEqual([]);
  });

  it("delete a member: the member's tokens get 401 here and in other services", async () => {
    const doomed = await auth.signUp();
    const secondSession = await auth.signIn(doomed.email, doomed.password);
    expect(await verifyElsewhere(otherService, doomed.token)).toMatchObject({ userId: doomed.id });

    await callAsAdmin(authRoutes.deleteAdminUser, { params: { id: doomed.id } });

    for (const token of [doomed.token, secondSession]) {
      await call(authRoutes.currentUser, { token, expect: 401 });
      await verifiedElsewhereSoon(otherService, token).toBe(401);
    }
    await call(authRoutes.signIn, { body: { email: doomed.email, password: TEST_PASSWORD }, expect: 401 });
    await callAsAdmin(authRoutes.deleteAdminUser, { params: { id: doomed.id }, expect: 404 });
    expect(await auth.sql('SELECT id FROM sessions WHERE user_id = $1', [doomed.id])).toEqual([]);
    await expectAdminAction('user_delete', doomed.id);
  });

  it('deactivate a member (sessions end, sign-in refused) and reactivate them, reversibly and audited', async () => {
    const paused = await auth.signUp();
    expect(await verifyElsewhere(otherService, paused.token)).toMatchObject({ userId: paused.id });

    const deactivate = () => callAsAdmin(authRoutes.deactivateAdminUser, { params: { id: paused.id } });
    const deactivated = await deactivate();
    expect(deactivated).toMatchObject({ id: paused.id, isActive: false });
    expect(deactivated.deactivatedAt).toEqual(expect.any(String));
    await call(authRoutes.currentUser, { token: paused.token, expect: 401 });
    await verifiedElsewhereSoon(otherService, paused.token).toBe(401);
    const refused = await call(authRoutes.signIn, {
      body: { email: paused.email, password: paused.password },
      expect: 403,
    });
    expect(refused).toMatchObject({ message: 'This account has been deactivated. Contact an administrator.' });
    // Deactivating twice changes nothing and records nothing more.
    expect(await deactivate()).toMatchObject({ isActive: false });
    const listed = await callAsAdmin(authRoutes.listAdminUsers, { query: { search: paused.email } });
    expect(listed.users).toEqual([expect.objectContaining({ id: paused.id, isActive: false })]);

    const reactivated = await callAsAdmin(authRoutes.reactivateAdminUser, { params: { id: paused.id } });
    expect(reactivated).toMatchObject({ isActive: true, deactivatedAt: null });
    const again = await auth.signIn(paused.email, paused.password);
    expect(await auth.currentUser(again)).toMatchObject({ id: paused.id });

    await expectAdminAction('user_deactivate', paused.id);
    await expectAdminAction('user_reactivate', paused.id);
    expect(adminActionsOn(paused.id)).toHaveLength(2);
    const self = await callAsAdmin(authRoutes.deactivateAdminUser, { params: { id: adminId }, expect: 400 });
    expect(self).toMatchObject({ message: 'You cannot deactivate your own account' });
  });

  it('suspend a member until a time: sessions end, sign-in is refused naming the end, and it ends by itself', async () => {
    const suspended = await auth.signUp();
    expect(await verifyElsewhere(otherService, suspended.token)).toMatchObject({ userId: suspended.id });
    const until = new Date(Date.now() + 86_400_000);
    until.setUTCSeconds(0, 0);

    const refusals = [
      [{ until: new Date(Date.now() - 60_000).toISOString(), reason: 'spam' }, 'The suspension must end in the future'],
      [{ until: 'tomorrow', reason: 'spam' }, 'The suspension must end in the future'],
      [{ until: until.toISOString(), reason: ' ' }, 'Reason is required'],
    ] as const;
    for (const [body, message] of refusals) {
      const params = { id: suspended.id };
      const refused = await callAsAdmin(authRoutes.suspendAdminUser, { params, body, expect: 400 });
      expect(JSON.stringify(refused)).toContain(message);
    }
    expect(
      await callAsAdmin(authRoutes.suspendAdminUser, {
        params: { id: adminId },
        body: { until: until.toISOString(), reason: 'x' },
        expect: 400,
      }),
    ).toMatchObject({ message: 'You cannot suspend your own account' });

    const done = await callAsAdmin(authRoutes.suspendAdminUser, {
      params: { id: suspended.id },
      body: { until: until.toISOString(), reason: 'Harassment' },
    });
    expect(done).toMatchObject({ id: suspended.id, suspendedUntil: until.toISOString() });
    await call(authRoutes.currentUser, { token: suspended.token, expect: 401 });
    await verifiedElsewhereSoon(otherService, suspended.token).toBe(401);
    const refused = await call(authRoutes.signIn, {
      body: { email: suspended.email, password: suspended.password },
      expect: 403,
    });
    const when = until.toISOString().replace('T', ' ').slice(0, 16);
    expect(refused).toMatchObject({
      message: `This account is suspended until ${when} UTC. Reason: Harassment`,
    });
    const audited = await expectAdminAction('user_suspend', suspended.id);
    expect(audited).toMatchObject({ details: { until: until.toISOString(), reason: 'Harassment' } });

    // The end passes (moved into the past here rather than waited for): sign-in works with nobody acting.
    await auth.sql(`UPDATE users SET suspended_until = now() - interval '1 second' WHERE id = $1`, [suspended.id]);
    const again = await auth.signIn(suspended.email, suspended.password);
    expect(await auth.currentUser(again)).toMatchObject({ id: suspended.id });
    const listed = await callAsAdmin(authRoutes.listAdminUsers, { query: { search: suspended.email } });
    expect(listed.users).toEqual([expect.objectContaining({ id: suspended.id, suspendedUntil: null })]);
  });

  it('refuse to let admins delete themselves', async () => {
    expect(await callAsAdmin(authRoutes.deleteAdminUser, { params: { id: adminId }, expect: 400 })).toMatchObject({
      message: 'You cannot delete your own account',
    });
    expect(await auth.currentUser(adminToken)).toMatchObject({ id: adminId });
    expect(
      adminActions.events.filter(
        (event) =>
          (event.payload as Record<string, unknown>).actionType === 'user_delete' &&
          (event.payload as Record<string, unknown>).targetUserId === adminId,
      ),
    ).toEqual([]);
  });

  it('publish each admin action once', async () => {
    const ids = adminActions.events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    const types = adminActions.events.map((event) => (event.payload as Record<string, unknown>).actionType);
    expect(new Set(types)).toEqual(
      new Set([
        'user_update',
        'user_access_level',
        'user_password_reset',
        'user_delete',
        'user_deactivate',
        'user_reactivate',
        'user_suspend',
      ]),
    );
  });
});

describe('the users table', () => {
  it('filters by tier, status and role and sorts by name, joined and last seen, all in SQL', async () => {
    const tag = uniqueTag();
    const make = (firstName: string) => auth.signUp({ firstName, lastName: tag });
    const [zed, amy, mia, bob] = [await make('Zed'), await make('Amy'), await make('Mia'), await make('Bob')];
    await auth.sql(`UPDATE users SET email_verified = true WHERE id = ANY($1::uuid[])`, [[zed.id, amy.id, mia.id]]);
    await callAsAdmin(authRoutes.setAccessLevel, { params: { id: amy.id }, body: { accessLevel: 'Core' } });
    await callAsAdmin(authRoutes.suspendAdminUser, {
      params: { id: zed.id },
      body: { until: '2999-01-01T00:00:00Z', reason: 'spam' },
    });
    await callAsAdmin(authRoutes.deactivateAdminUser, { params: { id: mia.id } });
    await auth.sql(`UPDATE sessions SET last_seen_at = now() + interval '1 hour' WHERE user_id = $1`, [bob.id]);

    const list = (query: CallInput<typeof authRoutes.listAdminUsers>['query']) =>
      callAsAdmin(authRoutes.listAdminUsers, { query: { search: tag, ...query } });
    const names = async (query: CallInput<typeof authRoutes.listAdminUsers>['query']) =>
      (await list(query)).users.map((user) => user.firstName);
    expect(await names({ sort: 'name' })).toEqual(['Amy', 'Bob', 'Mia', 'Zed']);
    expect(await names({ sort: 'joined' })).toEqual(['Bob', 'Mia', 'Amy', 'Zed']);
    expect((await names({ sort: 'last_seen' }))[0]).toBe('Bob');
    expect(await names({ tier: 'Core' })).toEqual(['Amy']);
    expect(await names({ status: 'active' })).toEqual(['Amy']);
    expect(await names({ status: 'suspended' })).toEqual(['Zed']);
    expect(await names({ status: 'deactivated' })).toEqual(['Mia']);
    expect(await names({ status: 'unverified' })).toEqual(['Bob']);
    expect(await names({ role: 'admin' })).toEqual([]);
    expect((await names({ role: 'member', sort: 'name' })).length).toBe(4);
    expect(await list({ status: 'unverified' })).toMatchObject({
      total: 1,
      users: [{ id: bob.id, lastSeenAt: expect.any(String) }],
    });
    expect(await asAdmin(`/api/admin/users?status=banned`)).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Filter by a known tier') },
    });
  });

  it('refuses to remove the last admin with 409 and allows removing an admin while another remains', async () => {
    const second = await auth.signUp();
    await callAsAdmin(authRoutes.setAccessLevel, { params: { id: second.id }, body: { accessLevel: 'Admin' } });
    // Only the first admin and `second` stay admins for this test; the others come back after it.
    const others = await auth.sql<{ id: string }>(
      `UPDATE users SET deactivated_at = now() WHERE id <> ALL($1::uuid[]) AND deactivated_at IS NULL AND (is_admin OR access_level = 'Admin') RETURNING id`,
      [[adminId, second.id]],
    );
    try {
      await callAsAdmin(authRoutes.setAccessLevel, { params: { id: second.id }, body: { accessLevel: 'Core' } });
      const demoted = await callAsAdmin(authRoutes.updateAdminUser, {
        params: { id: adminId },
        body: { isAdmin: false, accessLevel: 'Core' },
        expect: 409,
      });
      expect(demoted).toMatchObject({ message: 'This is the last admin: make someone else an admin first' });
      const me = await callAsAdmin(authRoutes.listAdminUsers, { query: { search: ADMIN_EMAIL } });
      expect(me.users).toEqual([expect.objectContaining({ id: adminId, accessLevel: 'Admin' })]);
    } finally {
      await auth.sql(`UPDATE users SET deactivated_at = NULL WHERE id = ANY($1::uuid[])`, [
        others.map((row) => row.id),
      ]);
    }
  });
});
