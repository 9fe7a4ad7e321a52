/**
 * The Direct Messages privacy switch: profile announces it (profile.settings.updated), dm keeps
 * it from the event (idempotent, newest wins) and refuses new messages to a member who turned it off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM_MESSAGES, RPC, SUBJECTS } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startDmHarness, type DmHarness, type Member } from './testing/dm-harness.ts';

let dm: DmHarness;

beforeAll(async () => {
  dm = await startDmHarness();
}, 60_000);
afterAll(() => dm?.stop());

const attempt = (from: Member, to: Member) =>
  dm.request('/api/direct-messages', { token: from.token, json: { content: 'Hello', recipientId: to.id } });

function settingsEvent(userId: string, allowDirectMessages: boolean, occurredAt: Date) {
  return {
    ...newEvent(SUBJECTS.profileSettingsUpdated, { userId, allowDirectMessages, showOnlineStatus: true }),
    occurredAt: occurredAt.toISOString(),
  };
}

describe('the Direct Messages switch', () => {
  it('refuses messages to a member who turned direct messages off, and allows them again once on', async () => {
    const sender = await dm.member({ firstName: 'Sam' });
    const quiet = await dm.member({ firstName: 'Quinn' });
    expect((await attempt(sender, quiet)).status).toBe(201);

    const off = settingsEvent(quiet.id, false, new Date());
    await dm.bus.publish(off);
    await expect.poll(async () => (await attempt(sender, quiet)).status, { timeout: 10_000 }).toBe(403);
    const refused = await attempt(sender, quiet);
    expect(((await refused.json()) as { message: string }).message).toBe(DM_MESSAGES.directMessagesOff);

    // The quiet member may still write to others.
    expect((await attempt(quiet, sender)).status).toBe(201);

    await dm.bus.publish(settingsEvent(quiet.id, true, new Date(Date.now() + 1000)));
    await expect.poll(async () => (await attempt(sender, quiet)).status, { timeout: 10_000 }).toBe(201);
  });

  it('applies a redelivered event once and never lets an older event undo a newer one', async () => {
    const sender = await dm.member({ firstName: 'Sid' });
    const member = await dm.member({ firstName: 'Mia' });
    const now = Date.now();
    const newer = settingsEvent(member.id, false, new Date(now));
    const older = settingsEvent(member.id, true, new Date(now - 60_000));
    await dm.bus.publish(newer);
    await dm.bus.publish(newer);
    await dm.bus.publish(older);
    const processed = async () =>
      (await dm.sql(`SELECT 1 FROM processed_events WHERE event_id = ANY($1::uuid[])`, [[newer.id, older.id]])).length;
    await expect.poll(processed, { timeout: 10_000 }).toBe(2);

    expect((await attempt(sender, member)).status).toBe(403);
    const rows = await dm.sql<{ allow_direct_messages: boolean }>(
      `SELECT allow_direct_messages FROM member_settings WHERE user_id = $1`,
      [member.id],
    );
    expect(rows).toEqual([{ allow_direct_messages: false }]);
  });

  it('tells realtime that the recipient turned direct messages off, so typing is not passed on', async () => {
    const sender = await dm.member({ firstName: 'Tia' });
    const quiet = await dm.member({ firstName: 'Quill' });
    const ask = (userA: Member, userB: Member) =>
      dm.bus.request(RPC.dmBlockedBetween, { userA: userA.id, userB: userB.id });
    expect(await ask(sender, quiet)).toEqual({ ok: true, value: { blocked: false, directMessagesOff: false } });
    await dm.bus.publish(settingsEvent(quiet.id, false, new Date()));
    await expect
      .poll(async () => ask(sender, quiet), { timeout: 10_000 })
      .toEqual({ ok: true, value: { blocked: false, directMessagesOff: true } });
    // The switch is the recipient's: the quiet member typing to others is not affected.
    expect(await ask(quiet, sender)).toEqual({ ok: true, value: { blocked: false, directMessagesOff: false } });
  });

  it("tells profile which members would take the sender's message: not blocked either way, the switch on, never oneself", async () => {
    const sender = await dm.member({ firstName: 'Mara' });
    const open = await dm.member({ firstName: 'Otto' });
    const quiet = await dm.member({ firstName: 'Quin' });
    const blocker = await dm.member({ firstName: 'Bea' });
    const blocked = await dm.member({ firstName: 'Bo' });
    await dm.call(`/api/direct-messages/blocks/${sender.id}`, { method: 'PUT', token: blocker.token });
    await dm.call(`/api/direct-messages/blocks/${blocked.id}`, { method: 'PUT', token: sender.token });
    await dm.bus.publish(settingsEvent(quiet.id, false, new Date()));
    const ask = () =>
      dm.bus.request(RPC.dmMessageable, {
        senderId: sender.id,
        recipientIds: [open, quiet, blocker, blocked, sender].map((member) => member.id),
      });
    await expect.poll(async () => ask(), { timeout: 10_000 }).toEqual({ ok: true, value: { messageable: [open.id] } });
  });
});
