import { z } from 'zod';
import { accessLevelSchema } from './access-schema.ts';
import { LIMITS } from './limits.ts';

/** Exact texts of the messages' validation and error messages, plus the server's own refusals. */
export const DM_MESSAGES = {
  contentRequired: 'Message cannot be empty',
  contentTooLong: 'Message too long (max 10,000 characters)',
  // The web shows these as toast titles with the server's message under them.
  sendFailed: 'Failed to send message',
  deleteFailed: 'Failed to delete message',
  startFailed: 'Failed to start conversation',
  fetchFailed: 'Failed to fetch messages',
  recipientRequired: 'Recipient is required',
  recipientNotFound: 'Recipient not found',
  notYourself: 'You cannot send a message to yourself',
  cannotBlockYourself: 'You cannot block yourself',
  // The same words whoever blocked whom: the refusal never says that a block exists.
  cannotMessage: 'You cannot send messages to this member',
  /** 403: the recipient turned Direct Messages off in their privacy settings. */
  directMessagesOff: 'This member has turned off direct messages',
  /** The recipient's account is deactivated or suspended. */
  recipientUnavailable: 'This member cannot receive messages: their account is deactivated or suspended',
  /** 403: an account whose e-mail is not verified yet cannot start or continue conversations. */
  verifyEmailFirst: 'Please verify your email address before sending direct messages',
  /** 429: past the per-member send rate (DM_SENDS_PER_MINUTE). */
  sendRateLimited: 'You are sending messages too fast. Please wait a moment and try again.',
  userNotFound: 'User not found',
  messageNotFound: 'Message not found',
  /** 403: past the edit window, or not one's own message to edit. */
  editWindowPassed: 'Messages can only be edited within 15 minutes of sending',
  invalidCursor: 'Invalid cursor',
  adminsOnly: 'Admin access required',
  reasonRequired: 'A reason is required',
  idsRequired: 'Select at least one message',
  /** 413: the message would take the sender past their quota; says how much is left. */
  quotaExceeded: (neededBytes: number, remainingBytes: number) =>
    `Storage quota exceeded: this message needs ${neededBytes} bytes and you have ${remainingBytes} bytes left`,
} as const;

const UTF8 = new TextEncoder();

/** A message's size as the quota counts it: its UTF-8 bytes. */
export function messageSizeBytes(content: string): number {
  return UTF8.encode(content).length;
}

const uuid = z.uuid();

/** POST /api/direct-messages. Content is stored as sent (not trimmed): every page strips HTML when it shows it. */
export const sendMessageSchema = z.object({
  content: z
    .string({ error: DM_MESSAGES.contentRequired })
    .max(LIMITS.directMessage.formMaxChars, DM_MESSAGES.contentTooLong)
    .refine((text) => text.trim().length > 0, DM_MESSAGES.contentRequired),
  recipientId: z.string({ error: DM_MESSAGES.recipientRequired }).min(1, DM_MESSAGES.recipientRequired),
});
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

/** PATCH /api/direct-messages/{messageId}: one's own message, within the edit window; same rules as a send. */
export const editMessageSchema = sendMessageSchema.pick({ content: true });
export type EditMessageRequest = z.infer<typeof editMessageSchema>;

/** GET /api/direct-messages/{userId}/messages?limit=50&cursor= */
export const messagePageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.directMessage.pageSize),
  cursor: z.string().max(200).optional(),
});
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

export const directMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  messageSizeBytes: z.number().int(),
  /** When the sender last edited it; null for a message never edited (shown 'edited'). */
  editedAt: z.string().nullable(),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

/**
 * A page of a conversation: `messages` oldest first (ready to show top to bottom); `nextCursor`
 * asks for the page of older messages above them (null when `hasMore` is false). The cursor is a
 * keyset position, so messages that arrive between pages neither repeat nor push any out.
 */
export const messagePageSchema = z.object({
  messages: z.array(directMessageSchema),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
  /** On the first page: the other member, so the page names them before any message exists. */
  partner: z.lazy(() => conversationUserSchema).optional(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** The other member as a conversation shows them. */
export const conversationUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Null when the viewer may not see it (contact-information privacy). */
  email: z.string().nullable(),
  preferredName: z.string().nullable(),
  accessLevel: accessLevelSchema,
  /** Their picture, so the page shows it without asking for their profile. */
  profileImageUrl: z.string().nullable(),
});
export type ConversationUser = z.infer<typeof conversationUserSchema>;

/** GET /api/direct-messages/conversations: newest activity first. */
export const conversationSummarySchema = z.object({
  otherUser: conversationUserSchema,
  lastMessage: z.object({ content: z.string(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
  messageCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  /** Bytes the member's own live messages in this conversation take of their quota. */
  usedBytes: z.number().int(),
  /** The member's whole quota (a conversation has no limit of its own). */
  maxBytes: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/direct-messages/quota. */
export const quotaSchema = z.object({
  usedBytes: z.number().int(),
  maxBytes: z.number().int(),
  usagePercentage: z.number(),
  remainingBytes: z.number().int(),
  isNearLimit: z.boolean(),
  warningThreshold: z.number().int(),
});
export type Quota = z.infer<typeof quotaSchema>;

/** GET /api/direct-messages/quota/conversations: one row per conversation where the member has sent bytes. */
export const conversationUsageSchema = z.object({
  otherUserId: z.string(),
  otherUser: conversationUserSchema.nullable(),
  usedBytes: z.number().int(),
  messageCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export type ConversationUsage = z.infer<typeof conversationUsageSchema>;

/** PUT /api/direct-messages/{userId}/read-all */
export const readAllResponseSchema = z.object({ markedRead: z.number().int(), readAt: z.string() });

/** GET /api/direct-messages/blocks: whom the member has blocked. */
export const blockedMemberSchema = z.object({
  user: conversationUserSchema.nullable(),
  userId: z.string(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

// Admin questions answered by dm over request-reply (the admin console's calls go through the admin service).
/** The admin's request facts, which dm copies into the audited action it publishes. */
export const dmAdminActorSchema = z
  .object({
    ipAddress: z.string().max(200).nullable(),
    userAgent: z.string().max(1000).nullable(),
    sessionId: z.string().max(200).nullable(),
  })
  .optional();
export type DmAdminActor = z.infer<typeof dmAdminActorSchema>;
export const dmAdminConversationsRequestSchema = z.object({
  adminId: uuid,
  limit: z.number().int().min(1).max(500).default(100),
  offset: z.number().int().min(0).default(0),
});
export const dmAdminConversationSchema = z.object({
  user1: conversationUserSchema,
  user2: conversationUserSchema,
  messageCount: z.number().int(),
  totalBytes: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export const dmAdminMessagesRequestSchema = z.object({
  adminId: uuid,
  actor: dmAdminActorSchema,
  user1Id: uuid,
  user2Id: uuid,
  /** Why the admin opens the conversation; recorded with the view. */
  reason: z.string().max(500),
  limit: z.number().int().min(1).max(200).default(LIMITS.directMessage.pageSize),
  cursor: z.string().max(200).optional(),
});
/** What an admin sees of a message: deleted ones too, with who deleted them and why. */
export const dmAdminMessageSchema = directMessageSchema.extend({
  isDeletedBySender: z.boolean(),
  isDeletedByRecipient: z.boolean(),
  isDeletedByAdmin: z.boolean(),
  deletedByAdminId: z.string().nullable(),
  deletionReason: z.string().nullable(),
});
export const dmAdminBulkRequestSchema = z.object({
  adminId: uuid,
  actor: dmAdminActorSchema,
  messageIds: z.array(uuid).min(1, DM_MESSAGES.idsRequired).max(500),
  reason: z.string().trim().min(1, DM_MESSAGES.reasonRequired).max(1000),
});
export type DmAdminBulkRequest = z.infer<typeof dmAdminBulkRequestSchema>;
/** Request-reply answers carry their HTTP meaning, so the admin service can answer its caller the same way. */
export type DmRpcAnswer<T> = { ok: true; value: T } | { ok: false; statusCode: number; message: string };
export const dmMessageSnapshotRequestSchema = z.object({ messageId: uuid });
/**
 * RPC.dmBlockedBetween: could userA message userB? `blocked`: either blocked the other;
 * `directMessagesOff`: userB turned Direct Messages off (realtime's typing respects both).
 */
export const dmBlockedBetweenRequestSchema = z.object({ userA: uuid, userB: uuid });
export type DmBlockedBetweenRequest = z.infer<typeof dmBlockedBetweenRequestSchema>;
export const dmBlockedBetweenAnswerSchema = z.object({ blocked: z.boolean(), directMessagesOff: z.boolean() });
export type DmBlockedBetweenAnswer = z.infer<typeof dmBlockedBetweenAnswerSchema>;
/**
 * RPC.dmMessageable: of these members, which would take the sender's message (no block either way,
 * Direct Messages on)? The profile and the member directory show 'Message' by it.
 */
export const dmMessageableRequestSchema = z.object({ senderId: uuid, recipientIds: z.array(uuid).max(100) });
export type DmMessageableRequest = z.infer<typeof dmMessageableRequestSchema>;
export const dmMessageableAnswerSchema = z.object({ messageable: z.array(z.string()) });
export type DmMessageableAnswer = z.infer<typeof dmMessageableAnswerSchema>;
