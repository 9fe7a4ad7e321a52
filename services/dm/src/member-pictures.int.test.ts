/**
 * The other member's picture travels with what shows them (conversations, storage by conversation,
 * blocks): dm reads it from its users replica (kept from auth.user.* events), so the messages page
 * asks for no profile per conversation.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  SUBJECTS,
  type BlockedMember,
  type ConversationSummary,
  type ConversationUsage,
  type UserEventPayload,
} from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startDmHarness, type DmHarness, type Member } from './testing/dm-harness.ts';

let dm: DmHarness;

beforeAll(async () => {
  dm = await startDmHarness();
}, 60_000);
afterAll(() => dm?.stop());

const userUpdated = (member: Member, profileImageUrl: string | null): UserEventPayload => ({
  id: member.id,
  email: member.email,
  firstName: member.firstName,
  lastName: member.lastName,
  profileImageUrl,
  accessLevel: member.level,
  isAdmin: member.isAdmin,
  isModerator: false,
});

it('shows the picture auth.user.updated brings in the conversation, its storage line and the blocks list', async () => {
  const [ada, grace] = [await dm.member(), await dm.member()];
  await dm.call('/api/direct-messages', {
    token: ada.token,
    json: { content: 'Hello', recipientId: grace.id },
    expect: 201,
  });
  const partnerPicture = async () =>
    (await dm.call<ConversationSummary[]>('/api/direct-messages/conversations', { token: ada.token }))[0]?.otherUser
      .profileImageUrl;
  expect(await partnerPicture()).toBeNull();

  const picture = `/api/profile-pictures/${grace.id}.webp`;
  await dm.bus.publish(newEvent(SUBJECTS.userUpdated, userUpdated(grace, picture)));
  await expect.poll(partnerPicture, { timeout: 10_000 }).toBe(picture);

  const [usage] = await dm.call<ConversationUsage[]>('/api/direct-messages/quota/conversations', { token: ada.token });
  expect(usage?.otherUser?.profileImageUrl).toBe(picture);
  await dm.call(`/api/direct-messages/blocks/${grace.id}`, { method: 'PUT', token: ada.token });
  const [blocked] = await dm.call<BlockedMember[]>('/api/direct-messages/blocks', { token: ada.token });
  expect(blocked?.user?.profileImageUrl).toBe(picture);
});
