/**
 * Contact-information privacy in dm's payloads that name another member (conversation partners in
 * the list and the usage, blocked members), tier by tier: each viewer level against partners who keep
 * the default tier or set Journeyman, Core or Admin (applied from profile.settings.updated). The
 * e-mail shows only where proto's `maySeeContactInfo` allows, else it is null.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_LEVELS,
  SUBJECTS,
  maySeeContactInfo,
  type AccessLevel,
  type BlockedMember,
  type ConversationSummary,
  type ConversationUsage,
} from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startDmHarness, type DmHarness, type Member } from './testing/dm-harness.ts';

const TIERS: (AccessLevel | null)[] = [null, 'Journeyman', 'Core', 'Admin'];
let dm: DmHarness;
const partners: { member: Member; tier: AccessLevel | null }[] = [];
const viewers: Member[] = [];

beforeAll(async () => {
  dm = await startDmHarness();
  for (const tier of TIERS) {
    const member = await dm.member({ level: 'Master' });
    partners.push({ member, tier });
    if (tier)
      await dm.bus.publish(
        newEvent(SUBJECTS.profileSettingsUpdated, {
          userId: member.id,
          allowDirectMessages: true,
          showOnlineStatus: true,
          contactInfoVisible: tier,
        }),
      );
  }
  for (const level of ACCESS_LEVELS) viewers.push(await dm.member({ level }));
  // Every viewer writes to every partner, and blocks them after (history and the block stay listed).
  for (const viewer of viewers)
    for (const { member } of partners) {
      const sent = await dm.request('/api/direct-messages', {
        token: viewer.token,
        json: { content: 'hello', recipientId: member.id },
      });
      expect(sent.status).toBe(201);
    }
}, 120_000);
afterAll(() => dm?.stop());

const expectedEmail = (viewer: Member, partner: { member: Member; tier: AccessLevel | null }) =>
  maySeeContactInfo(
    { userId: viewer.id, accessLevel: viewer.level, isAdmin: viewer.isAdmin },
    { id: partner.member.id, contactInfoVisible: partner.tier },
  )
    ? partner.member.email
    : null;

describe("a conversation partner's e-mail, tier by tier", () => {
  it('follows the rule in the conversation list and the usage list for every viewer level', async () => {
    await expect
      .poll(
        async () =>
          (
            await dm.sql(
              'SELECT 1 FROM member_settings WHERE contact_info_visible IS NOT NULL AND user_id = ANY($1::uuid[])',
              [partners.map((p) => p.member.id)],
            )
          ).length,
        { timeout: 10_000 },
      )
      .toBe(TIERS.filter(Boolean).length);
    for (const viewer of viewers) {
      const list = await dm.call<ConversationSummary[]>('/api/direct-messages/conversations', { token: viewer.token });
      const usage = await dm.call<ConversationUsage[]>('/api/direct-messages/quota/conversations', {
        token: viewer.token,
      });
      for (const partner of partners) {
        const label = `${viewer.level} viewing tier ${partner.tier ?? 'default'}`;
        const expected = expectedEmail(viewer, partner);
        expect(list.find((c) => c.otherUser.id === partner.member.id)?.otherUser.email, `list: ${label}`).toBe(
          expected,
        );
        expect(usage.find((u) => u.otherUserId === partner.member.id)?.otherUser?.email, `usage: ${label}`).toBe(
          expected,
        );
      }
    }
  });

  it('follows the rule in the blocked list for every viewer level', async () => {
    for (const viewer of viewers) {
      let blocked: BlockedMember[] = [];
      for (const { member } of partners)
        blocked = await dm.call<BlockedMember[]>(`/api/direct-messages/blocks/${member.id}`, {
          method: 'PUT',
          token: viewer.token,
        });
      for (const partner of partners) {
        const label = `${viewer.level} blocking tier ${partner.tier ?? 'default'}`;
        expect(blocked.find((b) => b.userId === partner.member.id)?.user?.email, label).toBe(
          expectedEmail(viewer, partner),
        );
      }
    }
  });
});
