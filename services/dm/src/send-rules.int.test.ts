/**
 * Abuse controls on sending: a per-member send rate (DM_SENDS_PER_MINUTE, 429 with the message), no
 * messages from an account whose e-mail is not verified, and none to a deactivated or suspended one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM_MESSAGES, SUBJECTS } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startDmHarness, type DmHarness, type Member } from './testing/dm-harness.ts';

const SENDS_PER_MINUTE = 5;
let dm: DmHarness;

beforeAll(async () => {
  dm = await startDmHarness({ env: { DM_SENDS_PER_MINUTE: String(SENDS_PER_MINUTE) } });
}, 60_000);
afterAll(() => dm?.stop());

const send = (token: string, to: Member, content = 'Hello') =>
  dm.request('/api/direct-messages', { token, json: { content, recipientId: to.id } });

describe('sending direct messages', () => {
  it('refuses sends past the per-member rate with 429, Retry-After and a clear message', async () => {
    const sender = await dm.member();
    const target = await dm.member();
    const answers = [];
    for (let i = 0; i < SENDS_PER_MINUTE + 3; i++) answers.push(await send(sender.token, target, `burst ${i}`));
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(SENDS_PER_MINUTE).fill(201),
      429,
      429,
      429,
    ]);
    const refused = answers.at(-1)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe(DM_MESSAGES.sendRateLimited);
    const stored = await dm.sql(`SELECT id FROM direct_messages WHERE sender_id = $1`, [sender.id]);
    expect(stored).toHaveLength(SENDS_PER_MINUTE);

    // The rate is the sender's own: another member still writes to the same target.
    const other = await dm.member();
    expect((await send(other.token, target)).status).toBe(201);
  });

  it('refuses a member whose e-mail is not verified with 403 and stores nothing', async () => {
    const unverified = await dm.member();
    const target = await dm.member();
    const { token } = await dm.tokens.issue({
      userId: unverified.id,
      accessLevel: unverified.level,
      isAdmin: false,
      emailVerified: false,
    });
    const refused = await send(token, target);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(DM_MESSAGES.verifyEmailFirst);
    expect(await dm.sql(`SELECT id FROM direct_messages WHERE sender_id = $1`, [unverified.id])).toEqual([]);
  });

  it("refuses messages to a deactivated or suspended member with 403 (from auth's user events), and takes them after", async () => {
    const sender = await dm.member();
    const target = await dm.member();
    const announce = async (status: { isActive: boolean; suspendedUntil: string | null }) => {
      const user = {
        id: target.id,
        email: target.email,
        firstName: target.firstName,
        lastName: target.lastName,
        profileImageUrl: null,
        accessLevel: target.level,
        isAdmin: false,
        isModerator: false,
        ...status,
      };
      await dm.bus.publish(newEvent(SUBJECTS.userUpdated, user));
      await expect
        .poll(async () => (await dm.sql('SELECT is_active, suspended_until FROM users WHERE id = $1', [target.id]))[0])
        .toEqual({
          is_active: status.isActive,
          suspended_until: status.suspendedUntil && new Date(status.suspendedUntil),
        });
    };
    const refusal = async () => {
      const refused = await send(sender.token, target);
      expect(refused.status).toBe(403);
      return ((await refused.json()) as { message: string }).message;
    };

    await announce({ isActive: false, suspendedUntil: null });
    await expect(refusal()).resolves.toBe(DM_MESSAGES.recipientUnavailable);
    await announce({ isActive: true, suspendedUntil: new Date(Date.now() + 3_600_000).toISOString() });
    await expect(refusal()).resolves.toBe(DM_MESSAGES.recipientUnavailable);
    expect(await dm.sql(`SELECT id FROM direct_messages WHERE sender_id = $1`, [sender.id])).toEqual([]);
    // A suspension that has ended is no refusal: it lapses by itself.
    await announce({ isActive: true, suspendedUntil: new Date(Date.now() - 1_000).toISOString() });
    expect((await send(sender.token, target)).status).toBe(201);
  });
});
