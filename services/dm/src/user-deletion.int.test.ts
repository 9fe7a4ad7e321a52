/** A member deleted in auth (auth.user.deleted): dm removes their messages for both sides and frees their partners' bytes. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBJECTS, type ConversationSummary, type DirectMessage } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
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

it("removes every message of a deleted member, their partners' bytes for them, their quota and blocks", async () => {
  const [gone, partner, bystander] = [await dm.member(), await dm.member(), await dm.member()];
  await send(gone, partner, 'from the member');
  await send(partner, gone, 'to the member');
  await send(partner, bystander, 'kept');
  await dm.call(`/api/direct-messages/blocks/${gone.id}`, { method: 'PUT', token: bystander.token });
  expect(await dm.call('/api/direct-messages/quota', { token: partner.token })).toMatchObject({
    usedBytes: 'to the member'.length + 'kept'.length,
  });

  await dm.bus.publish(newEvent(SUBJECTS.userDeleted, { id: gone.id }));

  await expect
    .poll(
      async () =>
        (await dm.sql(`SELECT id FROM direct_messages WHERE $1 IN (sender_id, recipient_id)`, [gone.id])).length,
      {
        timeout: 15_000,
      },
    )
    .toBe(0);
  expect(await dm.call('/api/direct-messages/quota', { token: partner.token })).toMatchObject({
    usedBytes: 'kept'.length,
  });
  const conversations = await dm.call<ConversationSummary[]>('/api/direct-messages/conversations', {
    token: partner.token,
  });
  expect(conversations.map((conversation) => conversation.otherUser.id)).toEqual([bystander.id]);
  expect(await dm.sql(`SELECT 1 FROM message_quotas WHERE user_id = $1`, [gone.id])).toEqual([]);
  expect(await dm.sql(`SELECT 1 FROM conversation_quotas WHERE $1 IN (user_id, other_user_id)`, [gone.id])).toEqual([]);
  expect(await dm.sql(`SELECT 1 FROM blocks WHERE $1 IN (blocker_id, blocked_id)`, [gone.id])).toEqual([]);
  expect(await dm.sql(`SELECT content FROM direct_messages WHERE sender_id = $1`, [partner.id])).toEqual([
    { content: 'kept' },
  ]);
});
