import { z } from 'zod';

/** A notification as the list returns it (spec 1 section 3). */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The kinds of notification (spec 3's notifications table). */
export const NOTIFICATION_TYPES = [
  'reply',
  'mention',
  'subscription',
  'project_update',
  'direct_message',
  'system',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/**
 * A notification as the realtime service answers it: the spec's five fields plus what it is about.
 * `link` is the web path to open on click (a discussion, a conversation, a project), null when none.
 */
export const notificationDetailSchema = notificationSchema.extend({
  type: notificationTypeSchema,
  link: z.string().nullable(),
  discussionId: z.string().nullable(),
  replyId: z.string().nullable(),
  projectId: z.string().nullable(),
  fromUserId: z.string().nullable(),
  readAt: z.string().nullable(),
  /**
   * How many events this entry stands for: the messages of one conversation or the replies in one
   * discussion are one entry while it is unread, its title saying how many ('3 new messages from Lena').
   */
  count: z.number().int().min(1),
});
export type NotificationDetail = z.infer<typeof notificationDetailSchema>;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const;
