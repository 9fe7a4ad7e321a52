import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  NOTIFICATION_KIND_OF,
  NOTIFICATION_MESSAGES,
  REALTIME_LIMITS,
  SUBJECTS,
  decodeKeysetCursor,
  encodeKeysetCursor,
  type EventOf,
  type NotificationDetail,
  type NotificationPage,
  type NotificationPageQuery,
} from '@crucible/proto';
import { BadRequestError, NotFoundError, type Caller } from '@crucible/platform';
import { notificationPreferences } from '../repositories/notification-preferences.ts';
import { notifications, type NewNotification, type NotificationRow } from '../repositories/notifications.ts';
import type { RealtimeContext } from './context.ts';
import { nameSeenByMember } from './users.ts';

/** Where the web app opens a notification: what it is about. */
export function linkOf(
  row: Pick<NotificationRow, 'type' | 'discussionId' | 'replyId' | 'projectId' | 'fromUserId'> & {
    metadata?: Record<string, unknown>;
  },
): string | null {
  // A reply's notification opens the discussion at that reply.
  if (row.discussionId && row.replyId) return `/forums?discussion=${row.discussionId}&reply=${row.replyId}`;
  if (row.discussionId) return `/forums?discussion=${row.discussionId}`;
  // A task's notification opens the task (the projects page's shared-link form).
  const taskId = row.metadata?.taskId;
  if (row.projectId && typeof taskId === 'string') return `/projects?project=${row.projectId}&task=${taskId}`;
  if (row.projectId) return '/projects';
  if (row.type === 'direct_message' && row.fromUserId) return `/messages?with=${row.fromUserId}`;
  return null;
}

export function toDetail(row: NotificationRow): NotificationDetail {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    discussionId: row.discussionId,
    replyId: row.replyId,
    projectId: row.projectId,
    fromUserId: row.fromUserId,
    link: linkOf(row),
    count: row.itemCount,
  };
}

export async function listNotifications(ctx: RealtimeContext, caller: Caller): Promise<NotificationDetail[]> {
  return (await notifications.list(ctx.sql, caller.userId, REALTIME_LIMITS.notificationsList)).map(toDetail);
}

/** The notifications page: newest first, by cursor, all or the unread only. */
export async function notificationPage(
  ctx: RealtimeContext,
  caller: Caller,
  query: NotificationPageQuery,
): Promise<NotificationPage> {
  const before = query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor);
  if (before === null) throw new BadRequestError(NOTIFICATION_MESSAGES.invalidCursor);
  const { rows, hasMore } = await notifications.page(ctx.sql, caller.userId, {
    before,
    unreadOnly: query.unread === 'true',
    limit: query.limit,
  });
  const last = rows.at(-1);
  return {
    notifications: rows.map(toDetail),
    hasMore,
    nextCursor: hasMore && last ? encodeKeysetCursor({ at: last.createdAt.toISOString(), id: last.id }) : null,
  };
}

export async function unreadCount(ctx: RealtimeContext, caller: Caller): Promise<{ count: number }> {
  return { count: await notifications.unreadCount(ctx.sql, caller.userId) };
}

export async function markRead(ctx: RealtimeContext, caller: Caller, id: string): Promise<NotificationDetail> {
  const row = await notifications.markRead(ctx.sql, caller.userId, id);
  // Another member's notification answers as a missing one: ids name nothing to a stranger.
  if (!row) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
  return toDetail(row);
}

export async function markAllRead(ctx: RealtimeContext, caller: Caller): Promise<{ count: number }> {
  return { count: await notifications.markAllRead(ctx.sql, caller.userId) };
}

/**
 * A draft that joins the member's unread entry of its group (one conversation, one discussion) names
 * the group and the entry's title for a count.
 */
type NotificationDraft = Omit<NewNotification, 'id' | 'sourceEventId'> & {
  group?: { key: string; titleFor: (count: number) => string };
};

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const title = (text: string) => cut(text, LIMITS.notifications.titleMax);

const TASK_TITLES = {
  [SUBJECTS.projectTaskCreated]: 'New task',
  [SUBJECTS.projectTaskAssigned]: 'Task assigned to you',
  [SUBJECTS.projectTaskStatusChanged]: 'Task status changed',
  [SUBJECTS.projectTaskUpdated]: 'Task updated',
} as const;

export const NOTIFYING_SUBJECTS = [
  SUBJECTS.forumReplyCreated,
  SUBJECTS.forumMentionCreated,
  SUBJECTS.forumPostRemoved,
  SUBJECTS.adminMemberWarned,
  SUBJECTS.dmMessageCreated,
  SUBJECTS.projectTaskCreated,
  SUBJECTS.projectTaskAssigned,
  SUBJECTS.projectTaskStatusChanged,
  SUBJECTS.projectTaskUpdated,
  SUBJECTS.projectTaskCommented,
] as const;
export type NotifyingEvent = EventOf<(typeof NOTIFYING_SUBJECTS)[number]>;

const none = { discussionId: null, replyId: null, projectId: null, metadata: {} };

/** The notifications one event makes, one per member it concerns. */
async function draftsFor(ctx: RealtimeContext, event: NotifyingEvent): Promise<NotificationDraft[]> {
  switch (event.subject) {
    case SUBJECTS.forumReplyCreated: {
      const reply = event.payload;
      return reply.notifyUserIds.map((userId) => ({
        ...none,
        userId,
        type: userId === reply.discussionAuthorId ? 'reply' : 'subscription',
        title: title(`New reply in "${reply.discussionTitle}"`),
        group: {
          key: `discussion:${reply.discussionId}`,
          titleFor: (count: number) =>
            title(
              count === 1
                ? `New reply in "${reply.discussionTitle}"`
                : `${count} new replies in "${reply.discussionTitle}"`,
            ),
        },
        message: `${reply.authorName}: ${reply.excerpt}`,
        discussionId: reply.discussionId,
        replyId: reply.replyId,
        fromUserId: reply.authorId,
      }));
    }
    case SUBJECTS.forumMentionCreated: {
      const mention = event.payload;
      return [
        {
          ...none,
          userId: mention.mentionedUserId,
          type: 'mention',
          title: title(`${mention.mentionedByName} mentioned you in "${mention.discussionTitle}"`),
          group: {
            key: `mention:${mention.discussionId}`,
            titleFor: (count: number) =>
              title(
                count === 1
                  ? `${mention.mentionedByName} mentioned you in "${mention.discussionTitle}"`
                  : `${count} new mentions of you in "${mention.discussionTitle}"`,
              ),
          },
          message: mention.context,
          discussionId: mention.discussionId,
          replyId: mention.replyId,
          fromUserId: mention.mentionedBy,
        },
      ];
    }
    case SUBJECTS.forumPostRemoved: {
      const removal = event.payload;
      const what = removal.replyId
        ? `your reply in "${removal.discussionTitle}"`
        : `your discussion "${removal.discussionTitle}"`;
      return [
        {
          ...none,
          userId: removal.authorId,
          type: 'system',
          title: title(`A moderator removed ${what}`),
          message: cut(`Reason: ${removal.reason}`, LIMITS.dashboard.messagePreview),
          // A removed discussion is gone: the notification then leads nowhere.
          discussionId: removal.replyId ? removal.discussionId : null,
          replyId: removal.replyId,
          fromUserId: removal.removedBy,
        },
      ];
    }
    case SUBJECTS.adminMemberWarned: {
      const warning = event.payload;
      return [
        {
          ...none,
          userId: warning.userId,
          type: 'system',
          title: title(`A moderator warned you about your ${warning.kind === 'dm_report' ? 'message' : 'forum post'}`),
          // The moderator's whole text: the member has to know what they were warned about.
          message: warning.message,
          fromUserId: warning.warnedBy,
        },
      ];
    }
    case SUBJECTS.dmMessageCreated: {
      const message = event.payload;
      const senderName = await nameSeenByMember(ctx, message.recipientId, message.senderId);
      return [
        {
          ...none,
          userId: message.recipientId,
          type: 'direct_message',
          title: title(`New message from ${senderName}`),
          group: {
            key: `dm:${message.senderId}`,
            titleFor: (count: number) =>
              title(count === 1 ? `New message from ${senderName}` : `${count} new messages from ${senderName}`),
          },
          message: cut(message.content, LIMITS.dashboard.messagePreview),
          fromUserId: message.senderId,
          metadata: { messageId: message.id },
        },
      ];
    }
    case SUBJECTS.projectTaskCommented: {
      // The mentioned are told they were mentioned; the other assignees that there is a comment.
      const comment = event.payload;
      const about = { ...none, projectId: comment.projectId, fromUserId: comment.authorId };
      const metadata = { taskId: comment.taskId, commentId: comment.commentId };
      const mentioned = comment.mentionedIds.filter((userId) => userId !== comment.authorId);
      const assignees = comment.assigneeIds.filter(
        (userId) => userId !== comment.authorId && !mentioned.includes(userId),
      );
      return [
        ...mentioned.map((userId) => ({
          ...about,
          userId,
          type: 'mention' as const,
          title: title(`${comment.authorName} mentioned you on "${comment.title}"`),
          message: comment.excerpt,
          metadata,
        })),
        ...assignees.map((userId) => ({
          ...about,
          userId,
          type: 'project_update' as const,
          title: title(`New comment on "${comment.title}"`),
          message: `${comment.authorName}: ${comment.excerpt}`,
          metadata,
        })),
      ];
    }
    default: {
      const task = event.payload;
      return task.assigneeIds
        .filter((userId) => userId !== task.actorId)
        .map((userId) => ({
          ...none,
          userId,
          type: 'project_update',
          title: title(`${TASK_TITLES[event.subject]}: ${task.title}`),
          group: {
            key: `project:${task.projectId}`,
            titleFor: (count: number) =>
              title(
                count === 1 ? `${TASK_TITLES[event.subject]}: ${task.title}` : `${count} task updates in your project`,
              ),
          },
          message: `${TASK_TITLES[event.subject]}: ${task.title}`,
          projectId: task.projectId,
          fromUserId: task.actorId,
          metadata: { taskId: task.taskId },
        }));
    }
  }
}

/**
 * Stores the event's notifications (one per member per event id, however often it is delivered)
 * and pushes each. A redelivery pushes the stored ones again under the same key, and each instance
 * drops a key it already delivered, so a push lost to a broker outage is made up and none doubles.
 */
export async function notifyFromEvent(ctx: RealtimeContext, event: NotifyingEvent): Promise<void> {
  const drafts = await draftsFor(ctx, event);
  const preferences = await notificationPreferences.ofMembers(
    ctx.sql,
    drafts.map((draft) => draft.userId),
  );
  for (const { group, ...draft } of drafts) {
    const delivery = preferences.get(draft.userId.toLowerCase())?.[NOTIFICATION_KIND_OF[draft.type]] ?? 'page';
    if (delivery === 'off') continue;
    if (delivery === 'socket') {
      await pushUnstored(ctx, event.id, draft);
      continue;
    }
    const stored = group
      ? await notifications.addToGroup(
          ctx.pool,
          { ...draft, id: randomUUID(), sourceEventId: event.id, groupKey: group.key },
          group.titleFor,
        )
      : await ungrouped(ctx, event.id, draft);
    if (!stored) continue;
    // A group's push is keyed by the count this event brought it to, also when redelivered: each
    // growth reaches the page once, and one lost to a broker outage is made up by the redelivery.
    await ctx.hub.pushToUsers([stored.row.userId], `notification:${stored.row.id}:${stored.count}`, {
      type: 'notification',
      notification: toDetail(stored.row),
    });
  }
}

/**
 * A notification the member wants on the socket only: pushed to their open tabs, never stored, so it
 * is not in the list, the count or the e-mail summary. Its key is the event's, so a redelivery does not
 * push it twice.
 */
async function pushUnstored(
  ctx: RealtimeContext,
  sourceEventId: string,
  draft: Omit<NotificationDraft, 'group'>,
): Promise<void> {
  const row: NotificationRow = {
    ...draft,
    id: randomUUID(),
    isRead: false,
    readAt: null,
    createdAt: new Date(),
    itemCount: 1,
  };
  await ctx.hub.pushToUsers([draft.userId], `notification-live:${sourceEventId}:${draft.userId}`, {
    type: 'notification',
    notification: toDetail(row),
    live: true,
  });
}

async function ungrouped(
  ctx: RealtimeContext,
  sourceEventId: string,
  draft: Omit<NotificationDraft, 'group'>,
): Promise<{ row: NotificationRow; count: number } | undefined> {
  const row =
    (await notifications.insertOnce(ctx.sql, { ...draft, id: randomUUID(), sourceEventId })) ??
    (await notifications.bySource(ctx.sql, sourceEventId, draft.userId));
  return row && { row, count: row.itemCount };
}

/** Tells the member's tabs which notifications are read now, so the bell and the list follow at once. */
async function announceRead(ctx: RealtimeContext, userId: string, ids: string[], key: string): Promise<void> {
  if (ids.length === 0) return;
  await ctx.hub.pushToUsers([userId], `notifications-read:${key}`, { type: 'notifications_read', ids });
}

/** Reading a conversation (dm.message.read) reads its notifications: the bell and the Messages badge agree. */
export async function readConversationNotifications(
  ctx: RealtimeContext,
  event: EventOf<typeof SUBJECTS.dmMessageRead>,
): Promise<void> {
  const { readerId, senderId } = event.payload;
  const ids = await notifications.markConversationRead(ctx.sql, readerId.toLowerCase(), senderId.toLowerCase());
  await announceRead(ctx, readerId.toLowerCase(), ids, event.id);
}

/** Opening a discussion reads the member's notifications about it (replies, mentions). */
export async function readDiscussionNotifications(
  ctx: RealtimeContext,
  caller: Caller,
  discussionId: string,
): Promise<{ count: number }> {
  const ids = await notifications.markDiscussionRead(ctx.sql, caller.userId, discussionId);
  await announceRead(ctx, caller.userId, ids, randomUUID());
  return { count: ids.length };
}
