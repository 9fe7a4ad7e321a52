import { z } from 'zod';
import { accessLevelSchema } from './access-schema.ts';
import { decodeKeysetCursor } from './cursor.ts';
import { notificationDetailSchema } from './notifications.ts';

/**
 * The live socket at /ws and the realtime service's REST shapes. The socket
 * authenticates with the subprotocol `auth.<base64url token>`; the server answers with the marker
 * below, never echoing the token.
 */
/** A client's idempotency key for a send, over HTTP (the Idempotency-Key header) or the socket. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const WS_AUTH_PROTOCOL_PREFIX = 'auth.';
export const WS_ACCEPTED_PROTOCOL = 'crucible.v1';

/**
 * Close codes the web client acts on. Only 1008 stops it: every other close,
 * including 1001, is followed by a reconnect with backoff.
 */
export const WS_CLOSE = {
  /** Missing, bad, expired or revoked token; also an origin outside the allowlist. The client stops. */
  policyViolation: 1008,
  /** A browser leaving the page. */
  goingAway: 1001,
  /** A frame above the payload cap. */
  tooBig: 1009,
  /** The instance is stopping (a deploy): the client reconnects after the delay the reason names. */
  serviceRestart: 1012,
  /** The session could not be checked (cache or broker away): the client reconnects with backoff. */
  tryAgainLater: 1013,
} as const;

/** Spread of the reconnect delays a restarting instance hands out, so a rollout is no reconnect storm. */
export const WS_RESTART_SPREAD_MS = 5_000;

/** The 1012 close reason: it carries the delay the server chose for this socket. */
export function restartCloseReason(reconnectAfterMs: number): string {
  return `Server restarting; reconnect after ${Math.round(reconnectAfterMs)} ms`;
}

/** The delay a 1012 close reason names, if any. */
export function reconnectDelayOf(reason: string): number | undefined {
  const match = /reconnect after (\d+) ms/.exec(reason);
  return match ? Number(match[1]) : undefined;
}

export const REALTIME_LIMITS = {
  /** Largest frame accepted, bytes. */
  maxPayloadBytes: 64 * 1024,
  chatMaxChars: 2000,
  chatHistory: 50,
  notificationsList: 50,
} as const;

export const REALTIME_MESSAGES = {
  chatEmpty: 'Message cannot be empty',
  chatTooLong: `Message must be at most ${REALTIME_LIMITS.chatMaxChars} characters`,
  chatRateLimited: 'You are sending messages too fast. Please wait a moment.',
  /** A chat message the server could not store because its database is away for a moment. */
  chatUnavailable: 'Chat is unavailable for a moment: your message was not sent.',
  socketRateLimited: 'Too many socket messages. Please slow down.',
  /** The close reason when a member already holds REALTIME_SOCKETS_PER_MEMBER sockets. */
  tooManySockets: 'Too many connections: close another tab or device and try again.',
  unparsable: 'Message could not be parsed',
  invalidCursor: 'Invalid cursor',
} as const;

/** Online user. */
export const onlineUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  accessLevel: accessLevelSchema,
  /** The member's picture, for the avatar beside their name (null: the initial stands in). */
  profileImageUrl: z.string().nullable(),
});
export type OnlineUser = z.infer<typeof onlineUserSchema>;

/** Live chat sender: display name is first + last name, else email, else 'Anonymous'; avatar is the image URL or null. */
export const chatSenderSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type ChatSender = z.infer<typeof chatSenderSchema>;

/** Stored chat message, as GET /api/messages answers it, oldest first. */
export const storedChatMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  senderId: z.string(),
  createdAt: z.string(),
  sender: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type StoredChatMessage = z.infer<typeof storedChatMessageSchema>;

// ---- client -> server ----

/** The client may send sender and timestamp; the server ignores both and uses the token's member. */
export const clientChatSchema = z.object({
  type: z.literal('chat'),
  content: z.string(),
  sender: z.unknown().optional(),
  timestamp: z.unknown().optional(),
  /** The sender's own name for this message: a refusal carries it back, so the client knows which text to restore. */
  clientId: z.string().max(64).optional(),
  /**
   * One key per composed message, reused when the client sends it again (after a reconnect): the
   * server stores the message once and answers a repeat with the stored message, to the sender only.
   */
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional(),
});
/** Presence announcement; the fields a client sends with it are ignored for the same reason. */
export const clientUserOnlineSchema = z.object({
  type: z.literal('user_online'),
  id: z.unknown().optional(),
  email: z.unknown().optional(),
  firstName: z.unknown().optional(),
  accessLevel: z.unknown().optional(),
});
export const clientTypingSchema = z.object({
  type: z.literal('typing'),
  recipientId: z.uuid(),
  isTyping: z.boolean(),
});
export const clientSocketMessageSchema = z.discriminatedUnion('type', [
  clientChatSchema,
  clientUserOnlineSchema,
  clientTypingSchema,
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

// ---- server -> client ----

export const serverChatSchema = z.object({
  type: z.literal('chat'),
  id: z.string(),
  content: z.string(),
  sender: chatSenderSchema,
  timestamp: z.string(),
});
/** The whole online list (online_users_update): sent once to each socket when it connects. */
export const serverOnlineUsersSchema = z.object({
  type: z.literal('online_users_update'),
  users: z.array(onlineUserSchema),
});
/**
 * Every change after that full list, coalesced: who came online and the ids of who left. Applied in
 * order to the list the socket received, it gives the list as the server sees it.
 */
export const serverOnlineUsersChangedSchema = z.object({
  type: z.literal('online_users_changed'),
  joined: z.array(onlineUserSchema),
  left: z.array(z.string()),
});
/** A direct message for the recipient (and the sender's other tabs). */
export const serverDirectMessageSchema = z.object({
  type: z.literal('direct_message'),
  message: z.object({
    id: z.string(),
    content: z.string(),
    senderId: z.string(),
    recipientId: z.string(),
    createdAt: z.string(),
  }),
});
/** A message of the member's conversation was deleted (by its sender or an admin): both sides drop it. */
export const serverMessageDeletedSchema = z.object({
  type: z.literal('message_deleted'),
  messageId: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
});
/** The sender edited a message: both sides show the new text, marked edited. */
export const serverMessageEditedSchema = z.object({
  type: z.literal('message_edited'),
  message: z.object({
    id: z.string(),
    content: z.string(),
    senderId: z.string(),
    recipientId: z.string(),
    createdAt: z.string(),
    editedAt: z.string(),
    messageSizeBytes: z.number().int(),
  }),
});
/** Sent to the original sender when the recipient read their messages. */
export const serverMessageReadSchema = z.object({
  type: z.literal('message_read'),
  readerId: z.string(),
  senderId: z.string(),
  messageIds: z.array(z.string()),
  readAt: z.string(),
});
export const serverNotificationSchema = z.object({
  type: z.literal('notification'),
  notification: notificationDetailSchema,
  /** True when the member wants this kind live only: it is not stored, so it is shown, not listed or counted. */
  live: z.boolean().optional(),
});
export const serverTypingSchema = z.object({
  type: z.literal('typing'),
  senderId: z.string(),
  isTyping: z.boolean(),
});
/** A refused client message (rate limit, bad content); the socket stays open. */
export const serverErrorSchema = z.object({
  type: z.literal('error'),
  message: z.string(),
});
/** Notifications of the member's were marked read (by reading what they are about, or on another tab). */
export const serverNotificationsReadSchema = z.object({
  type: z.literal('notifications_read'),
  ids: z.array(z.string()),
});
/**
 * A chat message the server did not send (rate limit, empty, too long): the sender's socket only. The
 * client keeps the text; `retryAfterSeconds` says when sending is possible again (null: fix the text).
 */
export const serverChatRefusedSchema = z.object({
  type: z.literal('chat_refused'),
  message: z.string(),
  clientId: z.string().nullable(),
  retryAfterSeconds: z.number().int().positive().nullable(),
});
export const serverSocketMessageSchema = z.discriminatedUnion('type', [
  serverChatSchema,
  serverOnlineUsersSchema,
  serverOnlineUsersChangedSchema,
  serverDirectMessageSchema,
  serverMessageReadSchema,
  serverMessageDeletedSchema,
  serverMessageEditedSchema,
  serverNotificationSchema,
  serverTypingSchema,
  serverErrorSchema,
  serverChatRefusedSchema,
  serverNotificationsReadSchema,
]);
export type ServerSocketMessage = z.infer<typeof serverSocketMessageSchema>;

// Pushes between realtime's instances (proto's BROADCASTS.live*): every instance holds some members'
// sockets, so a push goes to all of them and each delivers to its own sockets.

/** A frame for these members' sockets; the same key is the same push (a redelivered event reaches each socket once). */
export const liveUsersPushSchema = z.object({
  userIds: z.array(z.string()),
  key: z.string(),
  message: serverSocketMessageSchema,
});
/** A chat message, with what contact privacy needs to name its sender to each viewer. */
export const liveChatPushSchema = z.object({
  message: serverChatSchema,
  senderContact: z.object({
    id: z.string(),
    email: z.string().nullable(),
    contactInfoVisible: accessLevelSchema.nullable(),
  }),
});
/** Members whose settings changed (their online-list entries are described again), or none: ids only. */
export const livePresenceChangeSchema = z.object({
  instanceId: z.string(),
  changedMemberIds: z.array(z.string()).optional(),
});
/** A revoked session, whose sockets every instance closes. */
export const liveSessionRevokedSchema = z.object({ sessionId: z.string() });
export type ServerSocketMessageType = ServerSocketMessage['type'];

// ---- community chat history, paged ----

/** GET /api/messages/history?limit=50&cursor=: the cursor asks for the messages before the page it came with. */
export const chatHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(REALTIME_LIMITS.chatHistory),
  /** Checked whole here, so a forged cursor is a 400 before any query. */
  cursor: z
    .string()
    .max(200)
    .refine((text) => decodeKeysetCursor(text) !== null, REALTIME_MESSAGES.invalidCursor)
    .optional(),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

/**
 * A page of the community chat: `messages` oldest first; `nextCursor` asks for the older page above
 * them (null when `hasMore` is false). A keyset position, so messages that arrive between pages
 * neither repeat nor push any out.
 */
export const chatHistoryPageSchema = z.object({
  messages: z.array(storedChatMessageSchema),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});
export type ChatHistoryPage = z.infer<typeof chatHistoryPageSchema>;
