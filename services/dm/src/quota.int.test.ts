import { afterAll, beforeAll, expect, it } from 'vitest';
import { DM_MESSAGES, type Quota } from '@crucible/proto';
import { startDmHarness, type DmHarness, type Member } from './testing/dm-harness.ts';

let dm: DmHarness;

beforeAll(async () => {
  dm = await startDmHarness();
}, 60_000);
afterAll(() => dm?.stop());

const sendRaw = (from: Member, to: Member, content: string) =>
  dm.request('/api/direct-messages', { token: from.token, json: { content, recipientId: to.id } });

async function quotaRow(member: Member) {
  const [row] = await dm.sql<{ used_bytes: string; max_bytes: string }>(
    `SELECT used_bytes, max_bytes FROM message_quotas WHERE user_id = $1`,
    [member.id],
  );
  const [live] = await dm.sql<{ total: string }>(
    `SELECT COALESCE(SUM(message_size_bytes), 0) AS total FROM direct_messages
     WHERE sender_id = $1 AND NOT is_deleted_by_sender AND NOT is_deleted_by_recipient AND NOT is_deleted_by_admin`,
    [member.id],
  );
  return { used: Number(row!.used_bytes), max: Number(row!.max_bytes), live: Number(live!.total) };
}

it('refuses a send past the quota with 413 saying how much is left, and counts UTF-8 bytes', async () => {
  const ada = await dm.member();
  const grace = await dm.member();
  expect((await sendRaw(ada, grace, 'é')).status).toBe(201);
  await dm.sql(`UPDATE message_quotas SET max_bytes = 10 WHERE user_id = $1`, [ada.id]);
  const refused = await sendRaw(ada, grace, '€€€');
  expect(refused.status).toBe(413);
  expect(await refused.json()).toMatchObject({
    statusCode: 413,
    message: DM_MESSAGES.quotaExceeded(9, 8),
    remainingBytes: 8,
    neededBytes: 9,
  });
  expect((await sendRaw(ada, grace, '€€')).status).toBe(201);
  const quota = await dm.call<Quota>('/api/direct-messages/quota', { token: ada.token });
  expect(quota).toEqual({
    usedBytes: 8,
    maxBytes: 10,
    usagePercentage: 80,
    remainingBytes: 2,
    isNearLimit: true,
    warningThreshold: 838_860,
  });
  const usage = await dm.call<{ otherUserId: string; usedBytes: number; messageCount: number }[]>(
    '/api/direct-messages/quota/conversations',
    { token: ada.token },
  );
  expect(usage).toMatchObject([{ otherUserId: grace.id, usedBytes: 8, messageCount: 2 }]);
});

it('keeps usedBytes within maxBytes and equal to the live bytes after a burst of 50 concurrent sends of one member', async () => {
  const ada = await dm.member();
  const recipients = await Promise.all(Array.from({ length: 5 }, () => dm.member()));
  expect((await sendRaw(ada, recipients[0]!, 'warm-up')).status).toBe(201);
  // Room for 20 of the 50 messages of 100 bytes after the warm-up's 7.
  await dm.sql(`UPDATE message_quotas SET max_bytes = 2007 WHERE user_id = $1`, [ada.id]);
  const statuses = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      sendRaw(ada, recipients[index % 5]!, 'x'.repeat(100)).then((response) => response.status),
    ),
  );
  expect(statuses.filter((status) => status === 201)).toHaveLength(20);
  expect(statuses.filter((status) => status === 413)).toHaveLength(30);
  expect(await quotaRow(ada)).toEqual({ used: 2007, max: 2007, live: 2007 });
});

it('keeps every quota, unread count and last message exact when 50 senders write to one member who reads and deletes meanwhile', async () => {
  const hub = await dm.member();
  const senders = await Promise.all(Array.from({ length: 50 }, () => dm.member()));
  const sends = senders.flatMap((sender, index) => [
    sendRaw(sender, hub, `hello ${index}`),
    sendRaw(sender, hub, 'two'),
  ]);
  const replies = senders.slice(0, 10).map(async (sender) => {
    await dm.request(`/api/direct-messages/${sender.id}/read-all`, { method: 'PUT', token: hub.token });
    return sendRaw(hub, sender, 'reply');
  });
  const responses = await Promise.all([...sends, ...replies]);
  expect(responses.map((response) => response.status).filter((status) => status !== 201)).toEqual([]);

  // Each sender deletes one message concurrently with the hub reading some conversations.
  const firstIds = await dm.sql<{ id: string; sender_id: string }>(
    `SELECT DISTINCT ON (sender_id) id, sender_id FROM direct_messages WHERE recipient_id = $1 ORDER BY sender_id, created_at`,
    [hub.id],
  );
  await Promise.all([
    ...firstIds.map((row) =>
      dm.request(`/api/direct-messages/${row.id}`, {
        method: 'DELETE',
        token: senders.find((sender) => sender.id === row.sender_id)!.token,
      }),
    ),
    ...senders
      .slice(20, 30)
      .map((sender) => dm.request(`/api/direct-messages/${sender.id}/read-all`, { method: 'PUT', token: hub.token })),
  ]);

  const [{ unread }] = (await dm.sql<{ unread: number }>(
    `SELECT count(*)::int AS unread FROM direct_messages WHERE recipient_id = $1 AND NOT is_read AND NOT is_deleted_by_sender AND NOT is_deleted_by_admin AND NOT is_deleted_by_recipient`,
    [hub.id],
  )) as [{ unread: number }];
  expect((await dm.call<{ count: number }>('/api/direct-messages/unread-count', { token: hub.token })).count).toBe(
    unread,
  );
  const drift = await dm.sql(
    `SELECT c.user_id, c.other_user_id FROM conversation_quotas c
     WHERE c.unread_count <> (SELECT count(*) FROM direct_messages m WHERE m.recipient_id = c.user_id AND m.sender_id = c.other_user_id AND NOT m.is_read AND NOT m.is_deleted_by_sender AND NOT m.is_deleted_by_admin)
        OR c.used_bytes <> (SELECT COALESCE(SUM(m.message_size_bytes), 0) FROM direct_messages m WHERE m.sender_id = c.user_id AND m.recipient_id = c.other_user_id AND NOT m.is_deleted_by_sender AND NOT m.is_deleted_by_admin)
        OR c.message_count <> (SELECT count(*) FROM direct_messages m WHERE m.pair_low = LEAST(c.user_id, c.other_user_id) AND m.pair_high = GREATEST(c.user_id, c.other_user_id) AND NOT m.is_deleted_by_sender AND NOT m.is_deleted_by_admin)
        OR c.last_message_id IS DISTINCT FROM (SELECT m.id FROM direct_messages m WHERE m.pair_low = LEAST(c.user_id, c.other_user_id) AND m.pair_high = GREATEST(c.user_id, c.other_user_id)
             AND NOT m.is_deleted_by_sender AND NOT m.is_deleted_by_admin ORDER BY m.created_at DESC, m.id DESC LIMIT 1)`,
  );
  expect(drift).toEqual([]);
  for (const member of [hub, ...senders]) {
    const row = await quotaRow(member);
    expect(row.used).toBe(row.live);
  }
}, 60_000);
