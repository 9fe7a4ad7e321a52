/**
 * Contact-information privacy in every realtime payload that names a member, tier by tier: each
 * viewer level (Public to Admin) against members who keep the default tier and members who set
 * Journeyman, Core or Admin on their profile (profile.settings.updated). Over HTTP (the online list,
 * the chat history, a direct-message notification's title) and socket frames (the full online list,
 * its changes, chat messages), the e-mail shows only where proto's `maySeeContactInfo` allows, else
 * it is null; a nameless sender's chat name falls back to the e-mail only there.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_LEVELS, SUBJECTS, maySeeContactInfo, realtimeRoutes, type AccessLevel } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import {
  TestSocket,
  createRealtimeWorld,
  type Member,
  type RealtimeInstance,
  type RealtimeWorld,
} from './testing/realtime-harness.ts';

const WAIT = { timeout: 10_000, interval: 20 };
const TIERS: (AccessLevel | null)[] = [null, 'Journeyman', 'Core', 'Admin'];

let world: RealtimeWorld;
let rt: RealtimeInstance;
interface Target {
  member: Member;
  tier: AccessLevel | null;
}
const targets: Target[] = [];
const viewers: Member[] = [];
/** Each viewer's socket, open before the targets came online: it sees them join. */
const earlySockets = new Map<string, TestSocket>();
const sockets: TestSocket[] = [];

function settingsEvent(userId: string, contactInfoVisible: AccessLevel, occurredAt = new Date()) {
  return {
    ...newEvent(SUBJECTS.profileSettingsUpdated, {
      userId,
      allowDirectMessages: true,
      showOnlineStatus: true,
      contactInfoVisible,
    }),
    occurredAt: occurredAt.toISOString(),
  };
}

const maySee = (viewer: Member, target: Member, tier: AccessLevel | null) =>
  maySeeContactInfo(
    { userId: viewer.id, accessLevel: viewer.level, isAdmin: viewer.level === 'Admin' },
    { id: target.id, contactInfoVisible: tier },
  );
const expectedEmail = (viewer: Member, target: Target) =>
  maySee(viewer, target.member, target.tier) ? target.member.email : null;
const label = (viewer: Member, target: Target) => `${viewer.level} viewing tier ${target.tier ?? 'default'}`;

async function open(member: Member): Promise<TestSocket> {
  const socket = await TestSocket.open(rt.wsUrl, member.token);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  world = await createRealtimeWorld();
  rt = await world.startInstance();
  for (const tier of TIERS) {
    const member = await world.member({ level: 'Core' });
    // Nameless: the chat name and the notification title fall back to the e-mail where it may show.
    await world.sql('UPDATE users SET first_name = NULL, last_name = NULL WHERE id = $1', [member.id]);
    if (tier) await rt.bus.publish(settingsEvent(member.id, tier));
    targets.push({ member, tier });
  }
  for (const level of ACCESS_LEVELS) viewers.push(await world.member({ level }));
  await vi.waitFor(async () => {
    const rows = await world.sql('SELECT 1 FROM member_settings WHERE contact_info_visible IS NOT NULL');
    expect(rows).toHaveLength(TIERS.filter(Boolean).length);
  }, WAIT);
  for (const viewer of viewers) earlySockets.set(viewer.id, await open(viewer));
  // Each early socket holds its full list before the targets come: it learns of them by joins.
  for (const socket of earlySockets.values())
    await vi.waitFor(() => expect(socket.of('online_users_update')).toHaveLength(1), WAIT);
  for (const target of targets) await open(target.member);
}, 120_000);

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await world?.stop();
});

describe('e-mail in realtime payloads, tier by tier', () => {
  it('follows the rule in the online list over HTTP, for every viewer level and tier', async () => {
    for (const viewer of viewers) {
      await vi.waitFor(async () => {
        const online = await rt.call(realtimeRoutes.listOnlineUsers, { token: viewer.token });
        for (const target of targets)
          expect(online.find((user) => user.id === target.member.id)?.email, label(viewer, target)).toBe(
            expectedEmail(viewer, target),
          );
      }, WAIT);
    }
  });

  it('follows the rule in the full list a socket gets on connecting and in the joins it is pushed', async () => {
    /**
     * A member's entry as a socket holds it: the full list is the instance's view, changes not yet in
     * it follow as joins, and a later entry replaces an earlier one (as the client applies them).
     */
    const entryIn = (socket: TestSocket, id: string) =>
      socket
        .of('online_users_changed')
        .flatMap((change) => change.joined)
        .findLast((user) => user.id === id) ??
      socket.of('online_users_update')[0]?.users.find((user) => user.id === id);
    for (const viewer of viewers) {
      const late = await open(viewer);
      const early = earlySockets.get(viewer.id)!;
      await vi.waitFor(() => {
        expect(late.of('online_users_update')).toHaveLength(1);
        for (const target of targets) {
          expect(entryIn(late, target.member.id)).toBeDefined();
          // The early socket learnt of the targets by joins only: its full list came before them.
          expect(
            early
              .of('online_users_changed')
              .flatMap((change) => change.joined)
              .map((user) => user.id),
          ).toContain(target.member.id);
        }
      }, WAIT);
      for (const target of targets) {
        const expected = expectedEmail(viewer, target);
        expect(entryIn(late, target.member.id)?.email, `on connecting: ${label(viewer, target)}`).toBe(expected);
        expect(entryIn(early, target.member.id)?.email, `joined: ${label(viewer, target)}`).toBe(expected);
      }
    }
  });

  it('follows the rule in chat frames (a nameless sender) and the chat history', async () => {
    for (const [index, target] of targets.entries()) {
      const own = await open(target.member);
      own.send({ type: 'chat', content: `hello ${index}` });
      await vi.waitFor(() => expect(own.of('chat').some((chat) => chat.content === `hello ${index}`)).toBe(true), WAIT);
    }
    for (const viewer of viewers) {
      const socket = earlySockets.get(viewer.id)!;
      await vi.waitFor(() => expect(socket.of('chat').length).toBeGreaterThanOrEqual(targets.length), WAIT);
      const history = await rt.call(realtimeRoutes.listChatMessages, { token: viewer.token });
      for (const target of targets) {
        const expected = expectedEmail(viewer, target);
        const frame = socket.of('chat').find((chat) => chat.sender.id === target.member.id);
        expect(frame?.sender.name, `chat frame: ${label(viewer, target)}`).toBe(expected ?? 'Anonymous');
        const stored = history.find((message) => message.senderId === target.member.id);
        expect(stored?.sender.email, `chat history: ${label(viewer, target)}`).toBe(expected);
      }
    }
  });

  it("follows the rule in a direct message's notification title (the recipient reads it)", async () => {
    for (const viewer of viewers) {
      for (const target of targets) {
        await rt.bus.publish(
          newEvent(SUBJECTS.dmMessageCreated, {
            id: randomUUID(),
            content: 'hi',
            senderId: target.member.id,
            recipientId: viewer.id,
            createdAt: new Date().toISOString(),
            messageSizeBytes: 2,
          }),
        );
      }
      await vi.waitFor(async () => {
        const notifications = await rt.call(realtimeRoutes.listNotifications, { token: viewer.token });
        expect(notifications).toHaveLength(targets.length);
      }, WAIT);
      const notifications = await rt.call(realtimeRoutes.listNotifications, { token: viewer.token });
      for (const target of targets) {
        const title = notifications.find((notification) => notification.fromUserId === target.member.id)?.title;
        expect(title, `notification: ${label(viewer, target)}`).toBe(
          `New message from ${expectedEmail(viewer, target) ?? 'Anonymous'}`,
        );
      }
    }
  });

  it('pushes a new tier of an online member at once: their entry comes again with the e-mail as it now shows', async () => {
    const target = targets[0]!;
    const journeyman = viewers.find((viewer) => viewer.level === 'Journeyman')!;
    const socket = earlySockets.get(journeyman.id)!;
    const listed = () => socket.onlineUsers()?.find((user) => user.id === target.member.id);
    expect(listed()?.email).toBe(target.member.email);
    await rt.bus.publish(settingsEvent(target.member.id, 'Core'));
    await vi.waitFor(() => expect(listed()?.email).toBeNull(), WAIT);
    const online = await rt.call(realtimeRoutes.listOnlineUsers, { token: journeyman.token });
    expect(online.find((user) => user.id === target.member.id)?.email).toBeNull();
  });
});
