/**
 * A member's data export followed through every service that holds a part: the product built as the
 * launcher builds it (every service in process, one database, one namespace, one data folder), a
 * member with data (and uploaded files) in each service, the export asked for, built, mailed and
 * downloaded with the files' bytes; another member cannot see or download it, and a day later it is
 * deleted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { ServiceName } from '@crucible/proto';
import { blobStoreConfigSchema, connectBlobStore, loadConfig } from '@crucible/platform';
import { readZip, uniqueTag } from '@crucible/test-kit';
import {
  PRODUCT_TEST_PASSWORD,
  productTestSetting,
  startProductServices,
  type ProductCall,
} from './testing/product-setting.ts';

const WAIT = { timeout: 30_000, interval: 200 };
const ORDER: ServiceName[] = ['auth', 'forum', 'dm', 'profile', 'project', 'realtime'];

const cleanups: (() => Promise<unknown>)[] = [];
let ports: Map<ServiceName, number>;
let call: ProductCall;
let pool: pg.Pool;
let adminEmail: string;
let mailbox: () => { to: string; subject: string }[];
let setting: Awaited<ReturnType<typeof productTestSetting>>;

beforeAll(async () => {
  setting = await productTestSetting(cleanups, 'data-export');
  const { database, env, deps } = setting;
  adminEmail = setting.adminEmail;
  const started = await startProductServices(cleanups, ORDER, env, deps);
  ({ ports, call } = started);
  const auth = started.services.get('auth') as unknown as {
    context: { mailer: { recent(): { to: string; subject: string }[] } };
  };
  mailbox = () => auth.context.mailer.recent();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanups.push(() => pool.end());
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** One machine: a signed link is the disk store's, served by forum's blob route (the gateway's /api/blobs). */
function throughForum(link: URL): Promise<Response> {
  return fetch(`http://127.0.0.1:${ports.get('forum')}${link.pathname}${link.search}`);
}

async function signUp(firstName: string): Promise<{ id: string; token: string; email: string }> {
  const email = `${firstName.toLowerCase()}.${uniqueTag()}@it.crucible.test`;
  await call('auth', '/api/auth/signup', {
    json: { email, password: PRODUCT_TEST_PASSWORD, firstName, lastName: 'Tester' },
    expect: 201,
  });
  // Only verified members send direct messages.
  await pool.query('UPDATE auth.users SET email_verified = true WHERE email = $1', [email]);
  const token = String(
    (await call('auth', '/api/auth/signin', { json: { email, password: PRODUCT_TEST_PASSWORD } })).token,
  );
  const me = await call('auth', '/api/auth/user', { token });
  return { id: String(me.id), token, email };
}

it("puts each service's part of the member's data in the zip, mails them, keeps it from other members and deletes it after a day", async () => {
  const admin = String(
    (await call('auth', '/api/auth/signin', { json: { email: adminEmail, password: PRODUCT_TEST_PASSWORD } })).token,
  );
  const member = await signUp('Exporter');
  const other = await signUp('Other');
  for (const user of [member, other]) {
    await call('auth', `/api/admin/users/${user.id}/access-level`, {
      method: 'PATCH',
      token: admin,
      json: { accessLevel: 'Core' },
    });
  }
  await vi.waitFor(async () => {
    for (const schema of ['dm', 'forum', 'project', 'profile']) {
      const { rows } = await pool.query(`SELECT access_level::text AS level FROM ${schema}.users WHERE id = ANY($1)`, [
        [member.id, other.id],
      ]);
      expect(rows, schema).toEqual([{ level: 'Core' }, { level: 'Core' }]);
    }
  }, WAIT);

  // Something of theirs in every service.
  await call('profile', `/api/users/${member.id}/profile`, {
    method: 'PATCH',
    token: member.token,
    json: { bio: 'Alchemist of exports' },
  });
  const discussion = await call('forum', '/api/discussions', {
    token: member.token,
    json: { title: 'My exported thread', content: 'Exported body', category: 'Journeyman' },
    expect: 201,
  });
  const reply = await call('forum', `/api/discussions/${String(discussion.id)}/replies`, {
    token: other.token,
    json: { content: 'A reply to vote on' },
    expect: 201,
  });
  await call('forum', `/api/discussions/${String(discussion.id)}/replies/${String(reply.id)}/vote`, {
    method: 'PUT',
    token: member.token,
    json: { voteType: 'up' },
  });
  await call('dm', '/api/direct-messages', {
    token: other.token,
    json: { content: 'A message for the exporter', recipientId: member.id },
    expect: 201,
  });
  const project = await call('project', '/api/projects', {
    token: member.token,
    json: { title: 'Exported project' },
    expect: 201,
  });
  const task = await call('project', `/api/projects/${String(project.id)}/tasks`, {
    token: member.token,
    json: { title: 'Exported task', assigneeId: member.id, assignees: [member.id] },
    expect: 201,
  });
  // Their uploads: the bytes in the blob store the services share (the data folder), the records in
  // each service, as the upload flows leave them.
  const blobs = (await connectBlobStore(loadConfig(blobStoreConfigSchema, setting.env))).store;
  const uploads = {
    picture: { key: `profile-pictures/${member.id}/${randomUUID()}.png`, bytes: 'the picture’s bytes' },
    forum: { id: randomUUID(), key: `attachments/${randomUUID()}`, bytes: 'the forum attachment’s bytes' },
    task: { id: randomUUID(), key: `task-attachments/${randomUUID()}`, bytes: 'the task attachment’s bytes' },
  };
  for (const upload of Object.values(uploads))
    await blobs.write(upload.key, Buffer.from(upload.bytes), { contentType: 'application/octet-stream' });
  await pool.query('UPDATE profile.profiles SET picture_key = $1 WHERE user_id = $2', [uploads.picture.key, member.id]);
  await pool.query(
    `INSERT INTO forum.attachments (id, file_name, original_name, file_size, mime_type, type, file_path, public_url, discussion_id, uploaded_by)
     VALUES ($1, 'notes.txt', 'notes.txt', 28, 'text/plain', 'document', $2, '/files/notes.txt', $3, $4)`,
    [uploads.forum.id, uploads.forum.key, discussion.id, member.id],
  );
  await pool.query(
    `INSERT INTO project.task_attachments (id, task_id, file_name, original_name, file_size, mime_type, type, file_path, uploaded_by)
     VALUES ($1, $2, 'plan.txt', 'plan.txt', 27, 'text/plain', 'document', $3, $4)`,
    [uploads.task.id, task.id, uploads.task.key, member.id],
  );
  // Community chat is sent over the socket; its stored row is what the export reads.
  const chat = { id: randomUUID() };
  await pool.query('INSERT INTO realtime.chat_messages (id, content, sender_id) VALUES ($1, $2, $3)', [
    chat.id,
    'Hello from the export',
    member.id,
  ]);
  await call('realtime', '/api/notifications/preferences', {
    method: 'PUT',
    token: member.token,
    json: { emailDigest: 'hourly' },
  });
  // The direct message's notification reaches realtime by its event.
  await vi.waitFor(async () => {
    const { rows } = await pool.query('SELECT 1 FROM realtime.notifications WHERE user_id = $1', [member.id]);
    expect(rows).not.toHaveLength(0);
  }, WAIT);

  const started = await call('auth', '/api/auth/data-exports', { method: 'POST', token: member.token, expect: 202 });
  expect(started).toMatchObject({ partsTotal: 6 });
  // A second request while it is being built joins it.
  const again = await call('auth', '/api/auth/data-exports', { method: 'POST', token: member.token, expect: 202 });
  expect(again.id).toBe(started.id);

  const path = `/api/auth/data-exports/${String(started.id)}`;
  await vi.waitFor(async () => {
    expect(await call('auth', path, { token: member.token })).toMatchObject({ status: 'ready', partsDone: 6 });
  }, WAIT);
  expect(mailbox().some((mail) => mail.to === member.email && /data export is ready/.test(mail.subject))).toBe(true);

  // Another member: neither the export nor a link to it.
  await call('auth', path, { token: other.token, expect: 404 });
  await call('auth', `${path}/download-link`, { method: 'POST', token: other.token, expect: 404 });
  expect(await call('auth', '/api/auth/data-exports', { token: other.token })).toEqual([]);

  const link = await call('auth', `${path}/download-link`, { method: 'POST', token: member.token });
  const signed = new URL(String(link.url));
  const download = await throughForum(signed);
  expect(download.status).toBe(200);
  const files = readZip(Buffer.from(await download.arrayBuffer()));
  expect([...files.keys()].sort()).toEqual([
    'README.txt',
    'account.json',
    'chat-and-notifications.json',
    'direct-messages.json',
    `files/forum/${uploads.forum.id}-notes.txt`,
    'files/profile/picture.png',
    `files/project/${uploads.task.id}-plan.txt`,
    'forum.json',
    'profile.json',
    'projects.json',
  ]);
  // The bytes themselves, not only a list of them.
  expect(files.get('files/profile/picture.png')).toBe(uploads.picture.bytes);
  expect(files.get(`files/forum/${uploads.forum.id}-notes.txt`)).toBe(uploads.forum.bytes);
  expect(files.get(`files/project/${uploads.task.id}-plan.txt`)).toBe(uploads.task.bytes);
  const json = (name: string) => JSON.parse(files.get(name)!) as Record<string, Record<string, unknown>[]>;
  expect(files.get('README.txt')).toContain('forum.json');
  expect(json('account.json').account).toMatchObject({ id: member.id, email: member.email });
  expect(files.get('account.json')).not.toMatch(/password_?hash/i);
  expect(json('profile.json').profile![0]).toMatchObject({ user_id: member.id, bio: 'Alchemist of exports' });
  expect(json('forum.json').discussions).toEqual([
    expect.objectContaining({ id: discussion.id, title: 'My exported thread' }),
  ]);
  expect(json('forum.json').votes).toEqual([expect.objectContaining({ reply_id: reply.id, vote_type: 'up' })]);
  expect(json('direct-messages.json').messages).toEqual([
    expect.objectContaining({ content: 'A message for the exporter', recipient_id: member.id }),
  ]);
  expect(json('chat-and-notifications.json').chatMessages).toEqual([
    expect.objectContaining({ id: chat.id, content: 'Hello from the export' }),
  ]);
  expect(json('chat-and-notifications.json').notifications).not.toHaveLength(0);
  expect(json('chat-and-notifications.json').notificationPreferences).toEqual([
    expect.objectContaining({ email_digest: 'hourly', direct_messages: 'page' }),
  ]);
  expect(json('projects.json').projectsOwned).toEqual([expect.objectContaining({ id: project.id })]);
  expect(json('projects.json').tasks).toEqual([
    expect.objectContaining({ title: 'Exported task', in_own_project: true, assigned_to_member: true }),
  ]);

  // A link that is tampered with opens nothing.
  signed.searchParams.set('expires', String(Date.now() + 10_000_000));
  const forged = await throughForum(signed);
  expect(forged.status).toBeGreaterThanOrEqual(400);

  // A day later (the clock moved by the row): the next pass of the builder deletes the zip.
  await pool.query(`UPDATE auth.data_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [started.id]);
  await call('auth', '/api/auth/data-exports', { method: 'POST', token: member.token, expect: 202 });
  await vi.waitFor(async () => {
    expect(await call('auth', path, { token: member.token })).toMatchObject({ status: 'expired' });
    const { rows } = await pool.query('SELECT blob_key FROM auth.data_exports WHERE id = $1', [started.id]);
    expect(rows).toEqual([{ blob_key: null }]);
  }, WAIT);
  await call('auth', `${path}/download-link`, { method: 'POST', token: member.token, expect: 410 });
  const gone = await throughForum(new URL(String(link.url)));
  expect(gone.status).toBe(404);
}, 180_000);
