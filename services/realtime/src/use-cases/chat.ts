import { randomUUID } from 'node:crypto';
import {
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  emailSeenBy,
  type ContactViewer,
  type StoredChatMessage,
} from '@crucible/proto';
import { BadRequestError, assertStorableText, type RateLimit } from '@crucible/platform';
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

/**
 * Stores a member's chat message and pushes it to every socket of every instance. The sender is
 * the socket's member (from its token), whatever the payload claimed.
 */
export async function sendChat(
  ctx: RealtimeContext,
  senderId: string,
  rawContent: string,
  limit: RateLimit,
): Promise<void> {
  const content = plainText(rawContent);
  if (!content) throw new BadRequestError(REALTIME_MESSAGES.chatEmpty);
  if (content.length > REALTIME_LIMITS.chatMaxChars) throw new BadRequestError(REALTIME_MESSAGES.chatTooLong);
  assertStorableText({ content });
  await limit.consume(senderId);
  const id = randomUUID();
  const createdAt = await chatMessages.insert(ctx.pool, { id, content, senderId });
  const { sender, contact } = await chatSender(ctx, senderId);
  const push = {
    message: { type: 'chat' as const, id, content, sender, timestamp: createdAt.toISOString() },
    senderContact: contact,
  };
  // With the broker down this instance's sockets still see it; the history has it for everyone.
  await ctx.hub.pushChat(push).catch(() => ctx.hub.sendChat(push));
}

/** The latest messages, each sender's e-mail as contact privacy lets `viewer` see it. */
export async function recentChat(ctx: RealtimeContext, viewer: ContactViewer): Promise<StoredChatMessage[]> {
  const rows = await chatMessages.recent(ctx.pool, REALTIME_LIMITS.chatHistory);
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
