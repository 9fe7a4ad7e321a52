import { SUBJECTS } from '@crucible/proto';
import type { Subscription } from '@crucible/platform';
import { purgeMember } from '../repositories/member-purge.ts';
import { memberSettings } from '../repositories/member-settings.ts';
import { users } from '../repositories/users.ts';
import type { RealtimeContext } from './context.ts';
import { NOTIFYING_SUBJECTS, notifyFromEvent, readConversationNotifications } from './notifications.ts';

/** Names, e-mails, levels and avatars of auth's users, for chat and the online list. */
export function replicateUsers(ctx: RealtimeContext): Promise<Subscription> {
  return ctx.bus.subscribe({
    durable: ctx.config.REALTIME_USERS_CONSUMER,
    subjects: [SUBJECTS.userCreated, SUBJECTS.userUpdated, SUBJECTS.userDeleted],
    handler: async (event) => {
      if (event.subject === SUBJECTS.userDeleted) {
        await users.delete(ctx.prisma, event.payload.id);
        await purgeMember(ctx.prisma, event.payload.id.toLowerCase());
      } else await users.upsert(ctx.prisma, event.payload);
    },
  });
}

/**
 * Members' Online Status switch and contact tier from profile's events: a member who
 * hides their status leaves the online list at once, on every instance, and a new tier changes who
 * reads their e-mail in it.
 */
export function replicateMemberSettings(ctx: RealtimeContext): Promise<Subscription> {
  return ctx.bus.subscribe({
    durable: ctx.config.REALTIME_PROFILE_CONSUMER,
    subjects: [SUBJECTS.profileSettingsUpdated],
    handler: async (event) => {
      const { showOnlineStatus, contactInfoVisible } = event.payload;
      const userId = event.payload.userId.toLowerCase();
      const settings = { showOnlineStatus, contactInfoVisible };
      if (!(await memberSettings.apply(ctx.sql, userId, settings, event.occurredAt))) return;
      ctx.presence.memberChanged(userId);
      await ctx.hub.announcePresenceChange([userId]).catch(() => undefined);
    },
  });
}

export function createNotifications(ctx: RealtimeContext): Promise<Subscription> {
  return ctx.bus.subscribe({
    durable: ctx.config.REALTIME_NOTIFICATIONS_CONSUMER,
    subjects: [...NOTIFYING_SUBJECTS],
    handler: (event) => notifyFromEvent(ctx, event),
  });
}

/** Reading a conversation reads its notifications (a consumer of its own, apart from the pushes). */
export function readNotificationsOnRead(ctx: RealtimeContext): Promise<Subscription> {
  return ctx.bus.subscribe({
    durable: ctx.config.REALTIME_NOTIFICATION_READS_CONSUMER,
    subjects: [SUBJECTS.dmMessageRead],
    handler: (event) => readConversationNotifications(ctx, event),
  });
}

/**
 * Durable events turned into live pushes. One instance takes each event (the durable is shared) and
 * broadcasts to all; a push that cannot leave (broker down) throws, so the event comes again, and
 * the push key keeps it from reaching a socket twice.
 */
export function pushLiveEvents(ctx: RealtimeContext): Promise<Subscription> {
  return ctx.bus.subscribe({
    durable: ctx.config.REALTIME_LIVE_CONSUMER,
    subjects: [
      SUBJECTS.dmMessageCreated,
      SUBJECTS.dmMessageRead,
      SUBJECTS.dmMessageDeleted,
      SUBJECTS.dmMessageEdited,
      SUBJECTS.sessionRevoked,
    ],
    handler: async (event) => {
      switch (event.subject) {
        case SUBJECTS.dmMessageCreated: {
          const { id, content, senderId, recipientId, createdAt } = event.payload;
          // The sender's other tabs show it too.
          await ctx.hub.pushToUsers([recipientId, senderId], `dm:${id}`, {
            type: 'direct_message',
            message: { id, content, senderId, recipientId, createdAt },
          });
          return;
        }
        case SUBJECTS.dmMessageRead:
          await ctx.hub.pushToUsers([event.payload.senderId], `read:${event.id}`, {
            type: 'message_read',
            ...event.payload,
          });
          return;
        case SUBJECTS.dmMessageDeleted: {
          const { id, senderId, recipientId } = event.payload;
          await ctx.hub.pushToUsers([recipientId, senderId], `deleted:${id}`, {
            type: 'message_deleted',
            messageId: id,
            senderId,
            recipientId,
          });
          return;
        }
        case SUBJECTS.dmMessageEdited: {
          const { id, content, senderId, recipientId, createdAt, editedAt, messageSizeBytes } = event.payload;
          await ctx.hub.pushToUsers([recipientId, senderId], `edited:${event.id}`, {
            type: 'message_edited',
            message: { id, content, senderId, recipientId, createdAt, editedAt, messageSizeBytes },
          });
          return;
        }
        case SUBJECTS.sessionRevoked:
          await ctx.hub.announceSessionRevoked(event.payload.sessionId);
      }
    },
  });
}
