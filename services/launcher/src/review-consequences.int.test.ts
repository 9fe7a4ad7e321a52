/**
 * Admin actions that reach other services, with those services running beside the admin service as
 * the launcher builds them: the review queue's outcomes carried out by the admin service itself
 * (resolving with 'suspend' makes auth refuse the author's sign-in, with 'delete' forum removes the
 * reported reply, each once however often it is asked), and an admin's correction of a member's
 * profile; each audited with the moderator, the target and the reason.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import pg from 'pg';
import { ADMIN_MESSAGES, type ServiceName } from '@crucible/proto';
import { uniqueTag } from '@crucible/test-kit';
import {
  PRODUCT_TEST_PASSWORD,
  productTestSetting,
  startProductServices,
  type ProductCall,
} from './testing/product-setting.ts';

const WAIT = { timeout: 30_000, interval: 200 };
const ORDER: ServiceName[] = ['auth', 'forum', 'dm', 'profile', 'admin'];

const cleanups: (() => Promise<unknown>)[] = [];
let ports: Map<ServiceName, number>;
let call: ProductCall;
let pool: pg.Pool;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  const setting = await productTestSetting(cleanups, 'review');
  ({ ports, call } = await startProductServices(cleanups, ORDER, setting.env, setting.deps));
  pool = new pg.Pool({ connectionString: setting.database.url, max: 2 });
  cleanups.push(() => pool.end());
  adminToken = await signIn(setting.adminEmail);
  adminId = String((await call('auth', '/api/auth/user', { token: adminToken })).id);
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function rows(sql: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  return (await pool.query(sql, values)).rows as Record<string, unknown>[];
}

async function signIn(email: string): Promise<string> {
  return String((await call('auth', '/api/auth/signin', { json: { email, password: PRODUCT_TEST_PASSWORD } })).token);
}

/** A verified Journeyman, known to forum, dm and admin. */
async function journeyman(firstName: string) {
  const email = `${firstName.toLowerCase()}.${uniqueTag()}@it.crucible.test`;
  await call('auth', '/api/auth/signup', {
    json: { email, password: PRODUCT_TEST_PASSWORD, firstName, lastName: 'Tester' },
    expect: 201,
  });
  await rows('UPDATE auth.users SET email_verified = true WHERE email = $1', [email]);
  const token = await signIn(email);
  const id = String((await call('auth', '/api/auth/user', { token })).id);
  await call('auth', `/api/admin/users/${id}/access-level`, {
    method: 'PATCH',
    token: adminToken,
    json: { accessLevel: 'Journeyman' },
  });
  await vi.waitFor(async () => {
    for (const schema of ['forum', 'dm', 'profile'])
      expect(await rows(`SELECT access_level::text AS level FROM ${schema}.users WHERE id = $1`, [id])).toEqual([
        { level: 'Journeyman' },
      ]);
    expect(await rows('SELECT 1 FROM admin.users WHERE id = $1', [id])).toHaveLength(1);
  }, WAIT);
  return { id, email, token: await signIn(email) };
}

/** The admin's review call, answered with its status and body whatever the status. */
async function resolve(json: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${ports.get('admin')}/api/admin/review-queue/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const auditOn = async (userId: string) =>
  (
    (await call('admin', `/api/admin/audit-logs?targetUserId=${userId}&limit=100`, { token: adminToken })) as {
      logs: { actionType: string; adminId: string; details: Record<string, unknown> | null }[];
    }
  ).logs;

it('resolving a reported reply with delete removes it in forum, and a reported message with suspend refuses its author’s sign-in', async () => {
  const author = await journeyman('Author');
  const reporter = await journeyman('Reporter');

  // A reply reported in the forum, deleted from the queue.
  const discussion = await call('forum', '/api/discussions', {
    token: reporter.token,
    json: { title: 'Kind words only', content: 'Body', category: 'Journeyman' },
    expect: 201,
  });
  const discussionId = String(discussion.id);
  const reply = await call('forum', `/api/discussions/${discussionId}/replies`, {
    token: author.token,
    json: { content: 'Something rude' },
    expect: 201,
  });
  const replyId = String(reply.id);
  await call('forum', `/api/discussions/${discussionId}/replies/${replyId}/report`, {
    token: reporter.token,
    json: { reportType: 'harassment', reportReason: 'rude' },
    expect: 201,
  });
  await vi.waitFor(async () => {
    expect(await rows('SELECT 1 FROM admin.post_reports WHERE reply_id = $1', [replyId])).toHaveLength(1);
  }, WAIT);
  const deleted = await resolve({ kind: 'post_report', targetId: replyId, outcome: 'delete', notes: 'No insults' });
  expect(deleted).toMatchObject({ status: 200, body: { isResolved: true, outcome: 'delete' } });
  expect(await rows('SELECT deleted_at IS NOT NULL AS gone FROM forum.replies WHERE id = $1', [replyId])).toEqual([
    { gone: true },
  ]);
  // Resolved once: asking again changes nothing and says so.
  expect(await resolve({ kind: 'post_report', targetId: replyId, outcome: 'delete' })).toMatchObject({
    status: 409,
    body: { message: ADMIN_MESSAGES.reviewItemAlreadyResolved },
  });

  // A direct message reported, its author suspended from the queue.
  const message = await call('dm', '/api/direct-messages', {
    token: author.token,
    json: { content: 'Another rude thing', recipientId: reporter.id },
    expect: 201,
  });
  await call('admin', '/api/admin/message-reports', {
    token: reporter.token,
    json: { messageId: message.id, reportType: 'harassment' },
    expect: 201,
  });
  const dmItem = { kind: 'dm_report', targetId: String(message.id) };
  expect(await resolve({ ...dmItem, outcome: 'suspend', notes: 'Cool off' })).toMatchObject({
    status: 400,
    body: { message: ADMIN_MESSAGES.suspensionEndRequired },
  });
  const until = new Date(Date.now() + 86_400_000).toISOString();
  const suspended = await resolve({ ...dmItem, outcome: 'suspend', notes: 'Cool off', until });
  expect(suspended).toMatchObject({ status: 200, body: { isResolved: true, outcome: 'suspend' } });

  const signInAgain = await fetch(`http://127.0.0.1:${ports.get('auth')}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: author.email, password: PRODUCT_TEST_PASSWORD }),
  });
  expect(signInAgain.status).toBe(403);
  expect(((await signInAgain.json()) as { message: string }).message).toMatch(
    /^This account is suspended until .* UTC\. Reason: Cool off$/,
  );
  // The session the author had ends too.
  expect(
    (await fetch(`http://127.0.0.1:${ports.get('auth')}/api/auth/user`, {
      headers: { authorization: `Bearer ${author.token}` },
    }).then((response) => response.status)) >= 400,
  ).toBe(true);

  // Audited with the moderator, the target and the reason: by forum and auth, and the resolutions here.
  await vi.waitFor(async () => {
    const entries = await auditOn(author.id);
    const of = (actionType: string) => entries.filter((entry) => entry.actionType === actionType);
    expect(of('forum_moderation').map((entry) => [entry.adminId, entry.details?.reason])).toEqual([
      [adminId, 'No insults'],
    ]);
    expect(of('user_suspend').map((entry) => [entry.adminId, entry.details?.reason, entry.details?.until])).toEqual([
      [adminId, 'Cool off', new Date(until).toISOString()],
    ]);
    expect(of('report_resolve').map((entry) => [entry.adminId, entry.details?.outcome, entry.details?.notes])).toEqual([
      [adminId, 'suspend', 'Cool off'],
      [adminId, 'delete', 'No insults'],
    ]);
  }, WAIT);
}, 120_000);

it("records an admin's correction of a member's profile in the audit log with the admin's name, and not the member's own edit", async () => {
  const member = await journeyman('Profiled');
  await call('profile', `/api/users/${member.id}/profile`, {
    method: 'PATCH',
    token: member.token,
    json: { bio: 'My own words' },
  });
  await call('profile', `/api/users/${member.id}/profile`, {
    method: 'PATCH',
    token: adminToken,
    json: { jobTitle: 'Head of Alchemy', currentLocation: 'Prague' },
  });
  const profile = await call('profile', `/api/users/${member.id}/profile`, { token: adminToken });
  expect(profile).toMatchObject({ jobTitle: 'Head of Alchemy', bio: 'My own words' });
  await vi.waitFor(async () => {
    const entries = (
      (await call('admin', `/api/admin/audit-logs?targetUserId=${member.id}&actionType=user_update`, {
        token: adminToken,
      })) as { logs: { adminId: string; adminName: string; description: string; details: Record<string, unknown> }[] }
    ).logs;
    expect(entries).toEqual([
      expect.objectContaining({
        adminId,
        adminName: expect.not.stringMatching(/^Unknown User$/),
        description: "Edited a member's profile: jobTitle, currentLocation",
        details: {
          fields: ['jobTitle', 'currentLocation'],
          values: { jobTitle: 'Head of Alchemy', currentLocation: 'Prague' },
        },
      }),
    ]);
  }, WAIT);
}, 60_000);
