/**
 * A member deleted in auth (auth.user.deleted): dm keeps what their partners still have (shown as from
 * a 'Former member') and erases the rest of theirs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FORMER_MEMBER_NAME,
  SUBJECTS,
  type ConversationSummary,
  type DirectMessage,
  type MessagePage,
} from '@crucible/proto';
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

it("keeps a deleted member's live messages for their partners as from a 'Former member' and erases the rest of theirs", async () => {
  const [gone, partner, bystander] = [await dm.member(), await dm.member(), await dm.member()];
  await send(gone, partner, 'from the member');
  await send(partner, gone, 'to the member');
  const withdrawn = await send(gone, partner, 'withdrawn by the member');
  await dm.call(`/api/direct-messages/${withdrawn.id}`, { method: 'DELETE', token: gone.token, expect: 204 });
  await send(partner, bystander, 'kept');
  await dm.call(`/api/direct-messages/blocks/${gone.id}`, { method: 'PUT', token: bystander.token });
  const partnerBytes = 'to the member'.length + 'kept'.length;
  expect(await dm.call('/api/direct-messages/quota', { token: partner.token })).toMatchObject({
    usedBytes: partnerBytes,
  });

  const deleted = newEvent(SUBJECTS.userDeleted, { id: gone.id });
  await dm.bus.publish(deleted);
  await expect
    .poll(async () => (await dm.sql(`SELECT 1 FROM message_quotas WHERE user_id = $1`, [gone.id])).length, {
      timeout: 15_000,
    })
    .toBe(0);
  // Redelivered (the same event id), and then again as a new event: nothing changes.
  await dm.bus.publish(deleted);
  await dm.bus.publish(newEvent(SUBJECTS.userDeleted, { id: gone.id }));

  const conversations = await dm.call<ConversationSummary[]>('/api/direct-messages/conversations', {
    token: partner.token,
  });
  expect(conversations.map((conversation) => conversation.otherUser)).toEqual([
    expect.objectContaining({ id: bystander.id }),
    {
      id: gone.id,
      firstName: FORMER_MEMBER_NAME,
      lastName: null,
      email: null,
      preferredName: null,
      accessLevel: 'Public',
      profileImageUrl: null,
    },
  ]);
  const page = await dm.call<MessagePage>(`/api/direct-messages/${gone.id}/messages`, { token: partner.token });
  expect(page.messages.map((message) => message.content)).toEqual(['from the member', 'to the member']);
  expect(page.partner?.firstName).toBe(FORMER_MEMBER_NAME);
  expect(await dm.sql(`SELECT content FROM direct_messages WHERE id = $1`, [withdrawn.id])).toEqual([]);
  // The partner's messages to the member still count until the partner deletes them, as with anyone.
  expect(await dm.call('/api/direct-messages/quota', { token: partner.token })).toMatchObject({
    usedBytes: partnerBytes,
  });
  expect(await dm.sql(`SELECT 1 FROM conversation_quotas WHERE user_id = $1`, [gone.id])).toEqual([]);
  expect(await dm.sql(`SELECT 1 FROM blocks WHERE $1 IN (blocker_id, blocked_id)`, [gone.id])).toEqual([]);
  await dm.call('/api/direct-messages', {
    token: partner.token,
    json: { content: 'anyone there?', recipientId: gone.id },
    expect: 404,
  });
});
