import { randomUUID } from 'node:crypto';
import {
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  emailSeenBy,
  type ContactViewer,
  type StoredChatMessage,
} from '@crucible/proto';
import { BadRequestError, assertStorableText, type RateLimit, type Caller } from '@crucible/platform';
import type { ChatPush } from '../live/contact-frames.ts';
import { chatMessages, type ChatRow } from '../repositories/chat.ts';
import type { RealtimeContext } from './context.ts';
import { chatSender } from './users.ts';

/** Chat is plain text: tags go, so no client ever renders a member's markup. */
export function plainText(content: string): string {
  return content
    .replace(/<[^>]*>/g, '')
    .replace(/<|>/g, '')
    .trim();
}

/** What a chat send did: `repeated` when its idempotency key had already stored `push.message`. */
export interface ChatSent {
  push: ChatPush;
  repeated: boolean;
}

/**
 * Stores a member's chat message and pushes it to every socket of every instance. The sender is
 * the socket's member (from its token), whatever the payload claimed. A send whose idempotency key
 * the sender already used is the stored message again: nothing is stored or pushed, and the caller
 * answers the sender alone with it.
 */
export async function sendChat(
  ctx: RealtimeContext,
  senderId: string,
  rawContent: string,
  limit: RateLimit,
  idempotencyKey?: string,
): Promise<ChatSent> {
  const content = plainText(rawContent);
  if (!content) throw new BadRequestError(REALTIME_MESSAGES.chatEmpty);
  if (content.length > REALTIME_LIMITS.chatMaxChars) throw new BadRequestError(REALTIME_MESSAGES.chatTooLong);
  assertStorableText({ content });
  // A repeat costs nothing of the rate limit: the member sends nothing new.
  const earlier = idempotencyKey && (await chatMessages.byIdempotencyKey(ctx.sql, senderId, idempotencyKey));
  if (earlier) return { push: await chatPush(ctx, senderId, earlier), repeated: true };
  await limit.consume(senderId);
  const id = randomUUID();
  const createdAt = await chatMessages.insert(ctx.sql, { id, content, senderId, idempotencyKey });
  if (!createdAt) {
    // The same key's first attempt stored it between the look-up and the insert.
    const stored = await chatMessages.byIdempotencyKey(ctx.sql, senderId, idempotencyKey!);
    return { push: await chatPush(ctx, senderId, stored!), repeated: true };
  }
  const push = await chatPush(ctx, senderId, { id, content, createdAt });
  // With the broker down this instance's sockets still see it; the history has it for everyone.
  await ctx.hub.pushChat(push).catch(() => ctx.hub.sendChat(push));
  return { push, repeated: false };
}

async function chatPush(
  ctx: RealtimeContext,
  senderId: string,
  message: { id: string; content: string; createdAt: Date },
): Promise<ChatPush> {
  const { sender, contact } = await chatSender(ctx, senderId);
  return {
    message: {
      type: 'chat',
      id: message.id,
      content: message.content,
      sender,
      timestamp: message.createdAt.toISOString(),
    },
    senderContact: contact,
  };
}

/** The latest messages, each sender's e-mail as contact privacy lets `viewer` see it. */
export async function recentChat(ctx: RealtimeContext, viewer: Caller): Promise<StoredChatMessage[]> {
  const rows = await chatMessages.recent(ctx.sql, REALTIME_LIMITS.chatHistory);
  return rows.map(storedChatMessage(viewer));
}

/** A stored message as the history routes answer it to `viewer`. */
export const storedChatMessage =
  (viewer: ContactViewer) =>
  (row: ChatRow): StoredChatMessage => ({
    id: row.id,
    content: row.content,
    senderId: row.senderId,
    createdAt: row.createdAt.toISOString(),
    sender: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: emailSeenBy(viewer, { id: row.senderId, email: row.email, contactInfoVisible: row.contactInfoVisible }),
      profileImageUrl: row.profileImageUrl,
    },
  });
