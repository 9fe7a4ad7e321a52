/**
 * The Online Status privacy switch: profile announces it (profile.settings.updated), realtime
 * keeps it (newest wins, a repeat changes nothing) and leaves the member out of the online list,
 * pushing the change to watchers at once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUBJECTS, realtimeRoutes } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import {
  TestSocket,
  createRealtimeWorld,
  type RealtimeInstance,
  type RealtimeWorld,
} from './testing/realtime-harness.ts';

const WAIT = { timeout: 10_000, interval: 100 };

let world: RealtimeWorld;
let a: RealtimeInstance;

beforeAll(async () => {
  world = await createRealtimeWorld();
  a = await world.startInstance();
}, 60_000);
afterAll(() => world?.stop());

function settingsEvent(userId: string, showOnlineStatus: boolean, occurredAt: Date) {
  return {
    ...newEvent(SUBJECTS.profileSettingsUpdated, { userId, allowDirectMessages: true, showOnlineStatus }),
    occurredAt: occurredAt.toISOString(),
  };
}

describe('the Online Status switch', () => {
  it('hides a member who turned online status off, and shows them again once on', async () => {
    const member = await world.member({ firstName: 'Shy' });
    const watcher = await world.member();
    const watcherSocket = await TestSocket.open(a.wsUrl, watcher.token);
    const memberSocket = await TestSocket.open(a.wsUrl, member.token);
    const onlineIds = async () =>
      (await a.call(realtimeRoutes.listOnlineUsers, { token: watcher.token })).map((user) => user.id);
    const watcherSees = () => (watcherSocket.onlineUsers() ?? []).map((user) => user.id);
    await vi.waitFor(async () => expect(await onlineIds()).toContain(member.id), WAIT);
    await vi.waitFor(() => expect(watcherSees()).toContain(member.id), WAIT);

    const now = Date.now();
    await a.bus.publish(settingsEvent(member.id, false, new Date(now)));
    await vi.waitFor(async () => expect(await onlineIds()).not.toContain(member.id), WAIT);
    await vi.waitFor(() => expect(watcherSees()).not.toContain(member.id), WAIT);

    // An older event that arrives late does not undo the newer one.
    await a.bus.publish(settingsEvent(member.id, true, new Date(now - 60_000)));
    await a.bus.publish(settingsEvent(member.id, true, new Date(now + 1_000)));
    await vi.waitFor(async () => expect(await onlineIds()).toContain(member.id), WAIT);
    await vi.waitFor(() => expect(watcherSees()).toContain(member.id), WAIT);
    await Promise.all([watcherSocket.close(), memberSocket.close()]);
  });

  it('keeps the setting apart from the users replica and applies a repeated event once', async () => {
    const member = await world.member({ firstName: 'Early' });
    const event = settingsEvent(member.id, false, new Date());
    await a.bus.publish(event);
    await a.bus.publish(event);
    const stored = () =>
      a.service.context.pool.query<{ show_online_status: boolean }>(
        `SELECT show_online_status FROM member_settings WHERE user_id = $1`,
        [member.id],
      );
    await vi.waitFor(async () => expect((await stored()).rows).toEqual([{ show_online_status: false }]), WAIT);
    const socket = await TestSocket.open(a.wsUrl, member.token);
    const online = await a.call(realtimeRoutes.listOnlineUsers, { token: member.token });
    expect(online.map((user) => user.id)).not.toContain(member.id);
    await socket.close();
  });
});
