import type { Caller } from '@crucible/platform';
import type { NotificationPreferences, NotificationPreferencesUpdate } from '@crucible/proto';
import { memberLastSeen, notificationPreferences } from '../repositories/notification-preferences.ts';
import type { RealtimeContext } from './context.ts';

export function preferencesOf(ctx: RealtimeContext, caller: Caller): Promise<NotificationPreferences> {
  return notificationPreferences.get(ctx.prisma, caller.userId);
}

export function updatePreferences(
  ctx: RealtimeContext,
  caller: Caller,
  update: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  return notificationPreferences.update(ctx.prisma, caller.userId, update);
}

/**
 * Records that the members were active now. Best effort: a missed write only makes a summary wait
 * for the next heartbeat's, and never fails a socket.
 */
export function membersSeen(ctx: RealtimeContext, userIds: readonly string[]): void {
  memberLastSeen
    .touch(ctx.sql, userIds)
    .catch((error: unknown) => ctx.logger.warn({ err: error }, 'last-seen time not recorded'));
}
