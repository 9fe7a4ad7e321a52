/**
 * One user deletion followed through every service (deploy/RUNBOOK.md, "User deletion"): the whole
 * product built as the launcher builds it (every service in process, one database, one namespace),
 * a member with data in each service, deleted by an admin or by themself (erased when the grace
 * period is over, by auth's periodic pass), and each service carrying out its part from
 * auth.user.deleted, once however often the event comes.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { FORMER_MEMBER_NAME, SUBJECTS, type EventEnvelope, type ServiceName } from '@crucible/proto';
import { newEvent, type EventBus } from '@crucible/platform';
import { collectEvents, uniqueTag, type EventCollector } from '@crucible/test-kit';
import {
  PRODUCT_TEST_PASSWORD,
  productTestSetting,
  startProductServices,
  type ProductCall,
} from './testing/product-setting.ts';

const WAIT = { timeout: 30_000, interval: 200 };
const PASSWORD = PRODUCT_TEST_PASSWORD;
const ORDER: ServiceName[] = ['auth', 'forum', 'dm', 'admin', 'profile', 'project', 'realtime'];
/** Services that keep a users replica from auth's events (each applies them in order, one at a time). */
const REPLICA_SCHEMAS = ['dm', 'forum', 'project', 'profile', 'realtime', 'admin'];
/** A member's own deletion waits this long before auth's pass (every second here) erases the account. */
const GRACE_SECONDS = 2;
/** A call of each of these services that any signed-in member may make. */
const MEMBER_CALLS: [ServiceName, string][] = [
  ['dm', '/api/direct-messages/quota'],
  ['forum', '/api/forum-levels'],
  ['realtime', '/api/notifications/unread-count'],
];
/** A 1x1 PNG: profile re-encodes whatever image it gets to its 256 px square. */
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const cleanups: (() => Promise<unknown>)[] = [];
let ports: Map<ServiceName, number>;
let call: ProductCall;
let pool: pg.Pool;
let adminEmail: string;
let bus: EventBus;
let deletions: EventCollector;

beforeAll(async () => {
  const setting = await productTestSetting(cleanups, 'deletion');
  const { database, deps } = setting;
  const env = {
    ...setting.env,
    ACCOUNT_DELETION_GRACE_DAYS: String(GRACE_SECONDS / 86_400),
    ACCOUNT_ERASURE_INTERVAL_SECONDS: '1',
  };
  adminEmail = setting.adminEmail;
  bus = deps.bus;
  deletions = await collectEvents(bus, { stream: 'AUTH', subjects: [SUBJECTS.userDeleted], keep: () => true });
  cleanups.push(() => deletions.stop());
  ({ ports, call } = await startProductServices(cleanups, ORDER, env, deps));
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanups.push(() => pool.end());
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** The status of a GET that answers a file (the picture), not JSON. */
const fileStatus = async (service: ServiceName, path: string) =>
  (await fetch(`http://127.0.0.1:${ports.get(service)}${path}`)).status;

async function rows(sql: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  return (await pool.query(sql, values)).rows as Record<string, unknown>[];
}

interface Member {
  id: string;
  email: string;
  token: string;
}

async function signUp(firstName: string): Promise<Member> {
  const email = `${firstName.toLowerCase()}.${uniqueTag()}@it.crucible.test`;
  await call('auth', '/api/auth/signup', {
    json: { email, password: PASSWORD, firstName, lastName: 'Tester' },
    expect: 201,
  });
  // Sign-up opens no session when it mails a verification link; the member follows it (only verified
  // members send direct messages).
  await rows('UPDATE auth.users SET email_verified = true WHERE email = $1', [email]);
  const token = String((await call('auth', '/api/auth/signin', { json: { email, password: PASSWORD } })).token);
  const me = await call('auth', '/api/auth/user', { token });
  return { id: String(me.id), email, token };
}

const signIn = async (email: string) =>
  String((await call('auth', '/api/auth/signin', { json: { email, password: PASSWORD } })).token);

/** A Core member about to leave and the Journeyman they talk to, known (with their levels) to every service. */
async function leaverAndPartner(admin: string): Promise<{ gone: Member; partner: Member }> {
  const gone = await signUp('Gone');
  const partner = await signUp('Partner');
  for (const [member, level] of [
    [gone, 'Core'],
    [partner, 'Journeyman'],
  ] as const) {
    await call('auth', `/api/admin/users/${member.id}/access-level`, {
      method: 'PATCH',
      token: admin,
      json: { accessLevel: level },
    });
  }
  await vi.waitFor(async () => {
    for (const schema of ['dm', 'forum', 'project', 'profile']) {
      expect(
        await rows(`SELECT access_level::text AS level FROM ${schema}.users WHERE id = $1`, [gone.id]),
        schema,
      ).toEqual([{ level: 'Core' }]);
      expect(await rows(`SELECT 1 FROM ${schema}.users WHERE id = $1`, [partner.id]), schema).toHaveLength(1);
    }
  }, WAIT);
  return { gone, partner };
}

interface History {
  discussionId: string;
  replyId: string;
  projectId: string;
  taskId: string;
  pictureUrl: string;
}

/** What the leaving member makes in each service, with their partner. */
async function giveThemHistory(admin: string, gone: Member, partner: Member): Promise<History> {
  // dm: a conversation both ways, and a message the partner deleted (which deletes it for both).
  await call('dm', '/api/direct-messages', {
    token: gone.token,
    json: { content: 'from gone', recipientId: partner.id },
    expect: 201,
  });
  await call('dm', '/api/direct-messages', {
    token: partner.token,
    json: { content: 'to gone', recipientId: gone.id },
    expect: 201,
  });
  const withdrawn = await call('dm', '/api/direct-messages', {
    token: partner.token,
    json: { content: 'withdrawn', recipientId: gone.id },
    expect: 201,
  });
  await call('dm', `/api/direct-messages/${String(withdrawn.id)}`, {
    method: 'DELETE',
    token: partner.token,
    expect: 204,
  });
  // forum: a discussion, a moderator grant, a watch.
  const discussion = await call('forum', '/api/discussions', {
    token: gone.token,
    json: { title: 'Leaving soon', content: 'Body', category: 'Journeyman' },
    expect: 201,
  });
  const discussionId = String(discussion.id);
  await call('forum', '/api/forum-moderators', {
    token: admin,
    json: { userId: gone.id, category: 'Journeyman' },
    expect: 201,
  });
  await call('forum', `/api/discussions/${discussionId}/watch`, { token: gone.token, method: 'POST' });
  // forum and profile: an upvote of the partner's reply counts in the partner's stats (forum.vote.cast).
  const reply = await call('forum', `/api/discussions/${discussionId}/replies`, {
    token: partner.token,
    json: { content: 'Good luck' },
    expect: 201,
  });
  await call('forum', `/api/discussions/${discussionId}/replies/${String(reply.id)}/vote`, {
    method: 'PUT',
    token: gone.token,
    json: { voteType: 'up' },
  });
  await vi.waitFor(async () => expect(await upvotesOf(partner)).toBe(1), WAIT);
  // project: a project of theirs with a task assigned to them.
  const project = await call('project', '/api/projects', { token: gone.token, json: { title: 'Theirs' }, expect: 201 });
  const task = await call('project', `/api/projects/${String(project.id)}/tasks`, {
    token: gone.token,
    json: { title: 'Do it', assigneeId: gone.id, assignees: [gone.id] },
    expect: 201,
  });
  // profile: a bio and a picture.
  await call('profile', `/api/users/${gone.id}/profile`, { method: 'PATCH', token: gone.token, json: { bio: 'Hi' } });
  const picture = await call('profile', `/api/users/${gone.id}/picture`, {
    token: gone.token,
    json: { dataUrl: PICTURE },
  });
  const pictureUrl = String(picture.profileImageUrl);
  expect(await fileStatus('profile', pictureUrl)).toBe(200);
  // realtime and admin have their part from the events: a notification of the message, the admin's copy of it.
  await vi.waitFor(async () => {
    expect(await rows(`SELECT 1 FROM realtime.notifications WHERE user_id = $1`, [gone.id])).not.toHaveLength(0);
    expect(
      await rows(`SELECT 1 FROM admin.message_snapshots WHERE $1 IN (sender_id, recipient_id)`, [gone.id]),
    ).not.toHaveLength(0);
    expect(await rows(`SELECT 1 FROM profile.profiles WHERE user_id = $1`, [gone.id])).toHaveLength(1);
  }, WAIT);
  return {
    discussionId,
    replyId: String(reply.id),
    projectId: String(project.id),
    taskId: String(task.id),
    pictureUrl,
  };
}

const upvotesOf = async (member: Member) =>
  (await call('profile', `/api/users/${member.id}/stats`, { token: member.token })).upvotesReceived;

/** deploy/RUNBOOK.md, "User deletion": what each service erased of `gone`, and what it kept. */
async function expectErasedAndKept(history: History, gone: Member, partner: Member): Promise<void> {
  expect(await rows(`SELECT 1 FROM auth.users WHERE id = $1`, [gone.id]), 'auth').toEqual([]);
  // dm: the partner keeps the live conversation, the other side shown as a former member.
  expect(
    await rows(
      `SELECT content FROM dm.direct_messages WHERE $1 IN (sender_id, recipient_id) ORDER BY created_at, content`,
      [gone.id],
    ),
    'dm',
  ).toEqual([{ content: 'from gone' }, { content: 'to gone' }]);
  expect(await rows(`SELECT 1 FROM dm.message_quotas WHERE user_id = $1`, [gone.id])).toEqual([]);
  const conversations = (await call('dm', '/api/direct-messages/conversations', {
    token: partner.token,
  })) as unknown as { otherUser: { id: string; firstName: string | null } }[];
  expect(conversations.map((conversation) => conversation.otherUser)).toEqual([
    expect.objectContaining({ id: gone.id, firstName: FORMER_MEMBER_NAME }),
  ]);
  expect((await call('dm', '/api/direct-messages/quota', { token: partner.token })).usedBytes).toBe('to gone'.length);
  // forum: their discussion stays, without a name; grants, watches and votes go.
  expect(await rows(`SELECT 1 FROM forum.forum_moderators WHERE user_id = $1`, [gone.id]), 'forum').toEqual([]);
  expect(await rows(`SELECT 1 FROM forum.user_watched_discussions WHERE user_id = $1`, [gone.id])).toEqual([]);
  expect(await rows(`SELECT upvotes FROM forum.replies WHERE id = $1`, [history.replyId])).toEqual([{ upvotes: 0 }]);
  expect(await call('forum', `/api/discussions/${history.discussionId}`, { token: partner.token })).toMatchObject({
    content: 'Body',
    author: null,
  });
  expect(await upvotesOf(partner), 'profile: the withdrawn upvote').toBe(0);
  // project: the project and the task stay, unassigned.
  expect(await rows(`SELECT assignee_id FROM project.tasks WHERE id = $1`, [history.taskId]), 'project').toEqual([
    { assignee_id: null },
  ]);
  expect(await rows(`SELECT 1 FROM project.task_assignees WHERE user_id = $1`, [gone.id])).toEqual([]);
  expect(await rows(`SELECT 1 FROM project.projects WHERE id = $1`, [history.projectId])).toHaveLength(1);
  // profile: the whole profile and the picture's file.
  expect(await rows(`SELECT 1 FROM profile.profiles WHERE user_id = $1`, [gone.id]), 'profile').toEqual([]);
  await call('profile', `/api/users/${gone.id}/profile`, { token: partner.token, expect: 404 });
  expect(await fileStatus('profile', history.pictureUrl), 'profile: the picture file').toBe(404);
  // realtime and admin.
  expect(await rows(`SELECT 1 FROM realtime.notifications WHERE user_id = $1`, [gone.id]), 'realtime').toEqual([]);
  expect(
    await rows(`SELECT 1 FROM admin.message_snapshots WHERE $1 IN (sender_id, recipient_id)`, [gone.id]),
    'admin',
  ).toEqual([]);
  // auth: their sign-in is refused as an unknown account's.
  await call('auth', '/api/auth/signin', { json: { email: gone.email, password: PASSWORD }, expect: 401 });
}

/**
 * Delivers the deletion again (the same event, as JetStream does after a lost ack, and a new one for
 * the same member), then an event every replica applies after them: once that one is in every
 * service, so is what came before it.
 */
async function redeliver(event: EventEnvelope): Promise<void> {
  const { id } = event.payload as { id: string };
  await bus.publish(event);
  await bus.publish(newEvent(SUBJECTS.userDeleted, { id }));
  const marker = randomUUID();
  await bus.publish(
    newEvent(SUBJECTS.userCreated, {
      id: marker,
      email: `marker.${uniqueTag()}@it.crucible.test`,
      firstName: 'Marker',
      lastName: null,
      profileImageUrl: null,
      accessLevel: 'Public',
      isAdmin: false,
      isModerator: false,
    }),
  );
  await vi.waitFor(async () => {
    for (const schema of REPLICA_SCHEMAS)
      expect(await rows(`SELECT 1 FROM ${schema}.users WHERE id = $1`, [marker]), schema).toHaveLength(1);
  }, WAIT);
}

it('removes and keeps what the runbook says, in every service, when an admin deletes a member', async () => {
  const admin = await signIn(adminEmail);
  const { gone, partner } = await leaverAndPartner(admin);
  const history = await giveThemHistory(admin, gone, partner);

  await call('auth', `/api/admin/users/${gone.id}`, { method: 'DELETE', token: admin, expect: 204 });

  await vi.waitFor(async () => {
    await expectErasedAndKept(history, gone, partner);
    expect(
      await rows(`SELECT 1 FROM admin.admin_audit_logs WHERE action_type = 'user_delete' AND target_user_id = $1`, [
        gone.id,
      ]),
      'audit',
    ).toHaveLength(1);
  }, WAIT);
}, 180_000);

it('deactivates a member who deletes their own account at once, erases them everywhere after the grace period, once however often the event comes', async () => {
  const admin = await signIn(adminEmail);
  const { gone, partner } = await leaverAndPartner(admin);
  const history = await giveThemHistory(admin, gone, partner);

  const scheduled = await call('auth', '/api/auth/account/delete', {
    token: gone.token,
    json: { password: PASSWORD, confirmation: 'DELETE' },
  });
  expect(Date.parse(String(scheduled.erasureAt))).toBeGreaterThan(Date.now() - 1000);
  // Deactivated at once: the token is refused by auth now and by every other service within a second.
  await call('auth', '/api/auth/user', { token: gone.token, expect: 401 });
  await vi.waitFor(async () => {
    for (const [service, path] of MEMBER_CALLS) await call(service, path, { token: gone.token, expect: 401 });
  }, WAIT);

  const event = (
    await deletions.waitUntil((events) => events.some((e) => (e.payload as { id: string }).id === gone.id), 30_000)
  ).find((e) => (e.payload as { id: string }).id === gone.id)!;
  await vi.waitFor(() => expectErasedAndKept(history, gone, partner), WAIT);
  // The admin service's audit log has the member's request and its erasure, the member as the actor.
  await vi.waitFor(async () => {
    expect(
      await rows(
        `SELECT action_type::text AS action FROM admin.admin_audit_logs
          WHERE target_user_id = $1 AND admin_id = $1 ORDER BY created_at`,
        [gone.id],
      ),
      'audit',
    ).toEqual([{ action: 'user_deactivate' }, { action: 'user_delete' }]);
  }, WAIT);

  await redeliver(event);
  await expectErasedAndKept(history, gone, partner);
}, 180_000);
