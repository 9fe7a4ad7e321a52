/**
 * One user deletion followed through every service (deploy/RUNBOOK.md, "User deletion"): the whole
 * product built as the launcher builds it (every service in process, one database, one namespace),
 * a member with data in each service, an admin deleting them, and each service carrying out its
 * part from auth.user.deleted.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { ServiceName } from '@crucible/proto';
import { listen } from '@crucible/platform';
import { uniqueTag } from '@crucible/platform/testing';
import { SERVICE_STARTERS } from './registry.ts';
import { PRODUCT_TEST_PASSWORD, productTestSetting } from './testing/product-setting.ts';

const WAIT = { timeout: 30_000, interval: 200 };
const PASSWORD = PRODUCT_TEST_PASSWORD;
const ORDER: ServiceName[] = ['auth', 'forum', 'dm', 'admin', 'profile', 'project', 'realtime'];

const cleanups: (() => Promise<unknown>)[] = [];
const ports = new Map<ServiceName, number>();
let pool: pg.Pool;
let adminEmail: string;

beforeAll(async () => {
  const setting = await productTestSetting(cleanups, 'deletion');
  const { database, env, deps } = setting;
  adminEmail = setting.adminEmail;
  for (const name of ORDER) {
    const service = await SERVICE_STARTERS[name]!(env, deps);
    cleanups.push(() => service.stop());
    const http = await listen(service.app, 0, '127.0.0.1');
    cleanups.push(() => http.close());
    ports.set(name, http.port);
  }
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanups.push(() => pool.end());
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function call(
  service: ServiceName,
  path: string,
  options: { method?: string; token?: string; json?: unknown; expect?: number } = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${ports.get(service)}${path}`, {
    method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  expect(response.status, `${service} ${options.method ?? ''} ${path}: ${text}`).toBe(options.expect ?? 200);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function rows(sql: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  return (await pool.query(sql, values)).rows as Record<string, unknown>[];
}

async function signUp(firstName: string): Promise<{ id: string; token: string }> {
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
  return { id: String(me.id), token };
}

it('removes and keeps what the runbook says, in every service', async () => {
  const admin = String(
    (await call('auth', '/api/auth/signin', { json: { email: adminEmail, password: PASSWORD } })).token,
  );
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
  // Every service has heard of both members (and their levels) before they act there.
  await vi.waitFor(async () => {
    for (const schema of ['dm', 'forum', 'project', 'profile']) {
      expect(
        await rows(`SELECT access_level::text AS level FROM ${schema}.users WHERE id = $1`, [gone.id]),
        schema,
      ).toEqual([{ level: 'Core' }]);
      expect(await rows(`SELECT 1 FROM ${schema}.users WHERE id = $1`, [partner.id]), schema).toHaveLength(1);
    }
  }, WAIT);

  // dm: a conversation both ways.
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
  // forum: a discussion, a moderator grant, a watch.
  const discussion = await call('forum', '/api/discussions', {
    token: gone.token,
    json: { title: 'Leaving soon', content: 'Body', category: 'Journeyman' },
    expect: 201,
  });
  await call('forum', '/api/forum-moderators', {
    token: admin,
    json: { userId: gone.id, category: 'Journeyman' },
    expect: 201,
  });
  await call('forum', `/api/discussions/${String(discussion.id)}/watch`, { token: gone.token, method: 'POST' });
  // forum and profile: an upvote of the partner's reply counts in the partner's stats (forum.vote.cast).
  const reply = await call('forum', `/api/discussions/${String(discussion.id)}/replies`, {
    token: partner.token,
    json: { content: 'Good luck' },
    expect: 201,
  });
  await call('forum', `/api/discussions/${String(discussion.id)}/replies/${String(reply.id)}/vote`, {
    method: 'PUT',
    token: gone.token,
    json: { voteType: 'up' },
  });
  const upvotesOfPartner = async () =>
    (await call('profile', `/api/users/${partner.id}/stats`, { token: partner.token })).upvotesReceived;
  await vi.waitFor(async () => expect(await upvotesOfPartner()).toBe(1), WAIT);
  // project: a project of theirs with a task assigned to them.
  const project = await call('project', '/api/projects', { token: gone.token, json: { title: 'Theirs' }, expect: 201 });
  const task = await call('project', `/api/projects/${String(project.id)}/tasks`, {
    token: gone.token,
    json: { title: 'Do it', assigneeId: gone.id, assignees: [gone.id] },
    expect: 201,
  });
  // profile: a bio.
  await call('profile', `/api/users/${gone.id}/profile`, { method: 'PATCH', token: gone.token, json: { bio: 'Hi' } });
  // realtime and admin have their part from the events: a notification of the message, the admin's copy of it.
  await vi.waitFor(async () => {
    expect(await rows(`SELECT 1 FROM realtime.notifications WHERE user_id = $1`, [gone.id])).not.toHaveLength(0);
    expect(
      await rows(`SELECT 1 FROM admin.message_snapshots WHERE $1 IN (sender_id, recipient_id)`, [gone.id]),
    ).toHaveLength(2);
    expect(await rows(`SELECT 1 FROM profile.profiles WHERE user_id = $1`, [gone.id])).toHaveLength(1);
  }, WAIT);

  await call('auth', `/api/admin/users/${gone.id}`, { method: 'DELETE', token: admin, expect: 204 });

  await vi.waitFor(async () => {
    expect(await rows(`SELECT 1 FROM auth.users WHERE id = $1`, [gone.id]), 'auth').toEqual([]);
    expect(
      await rows(`SELECT 1 FROM dm.direct_messages WHERE $1 IN (sender_id, recipient_id)`, [gone.id]),
      'dm',
    ).toEqual([]);
    expect(await rows(`SELECT 1 FROM forum.forum_moderators WHERE user_id = $1`, [gone.id]), 'forum').toEqual([]);
    expect(await rows(`SELECT 1 FROM forum.user_watched_discussions WHERE user_id = $1`, [gone.id])).toEqual([]);
    expect(await rows(`SELECT upvotes FROM forum.replies WHERE id = $1`, [reply.id])).toEqual([{ upvotes: 0 }]);
    expect(await upvotesOfPartner(), 'profile: the withdrawn upvote').toBe(0);
    expect(await rows(`SELECT assignee_id FROM project.tasks WHERE id = $1`, [task.id]), 'project').toEqual([
      { assignee_id: null },
    ]);
    expect(await rows(`SELECT 1 FROM project.task_assignees WHERE user_id = $1`, [gone.id])).toEqual([]);
    expect(await rows(`SELECT 1 FROM profile.profiles WHERE user_id = $1`, [gone.id]), 'profile').toEqual([]);
    expect(await rows(`SELECT 1 FROM realtime.notifications WHERE user_id = $1`, [gone.id]), 'realtime').toEqual([]);
    expect(
      await rows(`SELECT 1 FROM admin.message_snapshots WHERE $1 IN (sender_id, recipient_id)`, [gone.id]),
      'admin',
    ).toEqual([]);
    expect(
      await rows(`SELECT 1 FROM admin.admin_audit_logs WHERE action_type = 'user_delete' AND target_user_id = $1`, [
        gone.id,
      ]),
      'audit',
    ).toHaveLength(1);
  }, WAIT);

  // What stays: their discussion (for the thread), their project (the team's work), the partner's account.
  expect(await rows(`SELECT 1 FROM forum.discussions WHERE id = $1`, [discussion.id])).toHaveLength(1);
  expect(await rows(`SELECT 1 FROM project.projects WHERE id = $1`, [project.id])).toHaveLength(1);
  const partnerQuota = await call('dm', '/api/direct-messages/quota', { token: partner.token });
  expect(partnerQuota.usedBytes).toBe(0);
  expect(await call('dm', '/api/direct-messages/conversations', { token: partner.token })).toEqual([]);
}, 180_000);
