import { z } from 'zod';
import { decodeKeysetCursor } from './cursor.ts';

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
  invalidCursor: 'Invalid cursor',
} as const;

/** GET /api/notifications/page?cursor=&unread=true: the notifications page, newest first. */
export const notificationPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Checked whole here, so a forged cursor is a 400 before any query. */
  cursor: z
    .string()
    .max(200)
    .refine((text) => decodeKeysetCursor(text) !== null, NOTIFICATION_MESSAGES.invalidCursor)
    .optional(),
  unread: z.enum(['true', 'false']).default('false'),
});
export type NotificationPageQuery = z.infer<typeof notificationPageQuerySchema>;

/** A page of the member's notifications, newest first; `nextCursor` asks for the older page. */
export const notificationPageSchema = z.object({
  notifications: z.array(notificationDetailSchema),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
