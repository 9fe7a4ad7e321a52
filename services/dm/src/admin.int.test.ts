import { afterAll, beforeAll, expect, it } from 'vitest';
import { DM_MESSAGES, RPC, SUBJECTS, type DirectMessage, type RequestOf } from '@crucible/proto';
import { startDmHarness, type DmHarness, type Member } from './testing/dm-harness.ts';

let dm: DmHarness;

beforeAll(async () => {
  dm = await startDmHarness();
}, 60_000);
afterAll(() => dm?.stop());

const send = (from: Member, to: Member, content: string) =>
  dm.call<DirectMessage>('/api/direct-messages', {
    token: from.token,
    json: { content, recipientId: to.id },
    expect: 201,
  });
const ask = <S extends string>(subject: S, payload: RequestOf<S>) =>
  dm.bus.request(subject, payload, { timeoutMs: 10_000 });

it('answers the console: conversations with counts, a pair with deleted messages, bulk delete freeing bytes, bulk flag; each action published', async () => {
  const admin = await dm.member({ level: 'Admin' });
  const ada = await dm.member();
  const grace = await dm.member();
  const events = await dm.collectEvents([SUBJECTS.dmAdminAction, SUBJECTS.dmMessageDeleted], (event) =>
    JSON.stringify(event.payload).includes(admin.id),
  );
  try {
    const spam = await send(ada, grace, 'buy now');
    const kept = await send(grace, ada, 'no thanks');

    const listed = await ask(RPC.dmAdminConversations, { adminId: admin.id });
    expect(listed.ok).toBe(true);
    const pair = listed.ok
      ? listed.value.find((row) => [row.user1.id, row.user2.id].sort().join() === [ada.id, grace.id].sort().join())
      : undefined;
    expect(pair).toMatchObject({ messageCount: 2, totalBytes: 16 });

    const deleted = await ask(RPC.dmAdminBulkDelete, {
      adminId: admin.id,
      messageIds: [spam.id, '8f9c2a8e-6f7e-4a44-9d3e-0c6c1e9f3b11'],
      reason: 'spam',
    });
    expect(deleted).toEqual({ ok: true, value: { deleted: [spam.id] } });
    expect(await dm.call('/api/direct-messages/quota', { token: ada.token })).toMatchObject({ usedBytes: 0 });
    expect(await dm.call('/api/direct-messages/unread-count', { token: grace.token })).toEqual({ count: 0 });

    const messages = await ask(RPC.dmAdminMessages, {
      adminId: admin.id,
      user1Id: ada.id,
      user2Id: grace.id,
      reason: 'review',
    });
    expect(
      messages.ok &&
        messages.value.messages.map((message) => [message.id, message.isDeletedByAdmin, message.deletionReason]),
    ).toEqual([
      [spam.id, true, 'spam'],
      [kept.id, false, null],
    ]);
    expect(await ask(RPC.dmAdminBulkFlag, { adminId: admin.id, messageIds: [kept.id], reason: 'check tone' })).toEqual({
      ok: true,
      value: { flagged: [kept.id] },
    });

    await events.waitUntil(
      (received) =>
        received.filter((event) => event.subject === SUBJECTS.dmAdminAction).length === 3 &&
        received.some((event) => event.subject === SUBJECTS.dmMessageDeleted),
    );
    expect(
      events.events
        .filter((event) => event.subject === SUBJECTS.dmAdminAction)
        .map((event) => (event.payload as { actionType: string }).actionType)
        .sort(),
    ).toEqual(['bulk_delete', 'conversation_view', 'message_flag']);
  } finally {
    await events.stop();
  }
});

it('refuses members who are not admins, and bad requests, with the status the admin service should answer', async () => {
  const member = await dm.member();
  const ada = await dm.member();
  const message = await send(member, ada, 'hi');
  expect(await ask(RPC.dmAdminConversations, { adminId: member.id })).toEqual({
    ok: false,
    statusCode: 403,
    message: DM_MESSAGES.adminsOnly,
  });
  expect(await ask(RPC.dmAdminBulkDelete, { adminId: member.id, messageIds: [message.id], reason: 'x' })).toMatchObject(
    { ok: false, statusCode: 403 },
  );
  const admin = await dm.member({ level: 'Admin' });
  expect(await ask(RPC.dmAdminBulkDelete, { adminId: admin.id, messageIds: [], reason: 'x' })).toEqual({
    ok: false,
    statusCode: 400,
    message: DM_MESSAGES.idsRequired,
  });
  expect(await ask(RPC.dmAdminBulkFlag, { adminId: admin.id, messageIds: [message.id], reason: ' ' })).toEqual({
    ok: false,
    statusCode: 400,
    message: DM_MESSAGES.reasonRequired,
  });
  expect(
    await ask(RPC.dmAdminMessages, {
      adminId: admin.id,
      user1Id: ada.id,
      user2Id: member.id,
      reason: 'review',
      cursor: 'forged',
    }),
  ).toEqual({ ok: false, statusCode: 400, message: DM_MESSAGES.invalidCursor });
  expect(await ask(RPC.dmMessageSnapshot, { messageId: message.id })).toMatchObject({
    ok: true,
    value: { id: message.id, senderId: member.id, recipientId: ada.id, content: 'hi' },
  });
  expect(await ask(RPC.dmMessageSnapshot, { messageId: 'nope' })).toMatchObject({ ok: false, statusCode: 400 });
});
