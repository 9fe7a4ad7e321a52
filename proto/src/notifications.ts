import { z } from 'zod';
import { decodeKeysetCursor } from './cursor.ts';

/** A notification as the list returns it. */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The kinds of notification (the notifications table's type). */
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
 * A notification as the realtime service answers it: notificationSchema's five fields plus what it is about.
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

/**
 * What a member is notified of, by kind: direct messages, replies in discussions they started or
 * watch, @mentions, project updates, and moderation and admin notices.
 */
export const NOTIFICATION_KINDS = ['directMessages', 'replies', 'mentions', 'projects', 'notices'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kind a notification type belongs to, for the member's preferences. */
export const NOTIFICATION_KIND_OF: Record<NotificationType, NotificationKind> = {
  direct_message: 'directMessages',
  reply: 'replies',
  subscription: 'replies',
  mention: 'mentions',
  project_update: 'projects',
  system: 'notices',
};

/**
 * How one kind reaches the member: `page` stores it (the bell, the /notifications page) and pushes it
 * to open tabs; `socket` only pushes it to open tabs (nothing kept: a closed tab never sees it);
 * `off` neither.
 */
export const NOTIFICATION_DELIVERIES = ['page', 'socket', 'off'] as const;
export const notificationDeliverySchema = z.enum(NOTIFICATION_DELIVERIES);
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

/**
 * How long a member is offline, with unread direct messages or mentions, before one e-mail sums them
 * up. Off by default: the product does not start sending mail to a member who never asked for it.
 */
export const EMAIL_DIGEST_DELAYS = ['off', '15m', 'hourly', 'daily'] as const;
export const emailDigestDelaySchema = z.enum(EMAIL_DIGEST_DELAYS);
export type EmailDigestDelay = z.infer<typeof emailDigestDelaySchema>;
export const EMAIL_DIGEST_DELAY_MS: Record<Exclude<EmailDigestDelay, 'off'>, number> = {
  '15m': 15 * 60_000,
  hourly: 60 * 60_000,
  daily: 24 * 60 * 60_000,
};

export const notificationPreferencesSchema = z.object({
  directMessages: notificationDeliverySchema,
  replies: notificationDeliverySchema,
  mentions: notificationDeliverySchema,
  projects: notificationDeliverySchema,
  notices: notificationDeliverySchema,
  emailDigest: emailDigestDelaySchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Every kind in the page, no e-mail: what a member has before choosing. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  directMessages: 'page',
  replies: 'page',
  mentions: 'page',
  projects: 'page',
  notices: 'page',
  emailDigest: 'off',
};

/** PUT /api/notifications/preferences: the fields to change; at least one. */
export const notificationPreferencesUpdateSchema = notificationPreferencesSchema
  .partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** The purpose claim of the e-mail summary's unsubscribe token: it does nothing else. */
export const DIGEST_UNSUBSCRIBE_PURPOSE = 'notification-digest-unsubscribe';

/** POST /api/notifications/unsubscribe: the token from the summary mail's link; no sign-in. */
export const digestUnsubscribeSchema = z.object({ token: z.string().min(1).max(2000) });
export const digestUnsubscribeResponseSchema = z.object({ emailDigest: z.literal('off') });

export const NOTIFICATION_PREFERENCE_MESSAGES = {
  invalidUnsubscribeLink: 'This unsubscribe link is not valid',
} as const;
