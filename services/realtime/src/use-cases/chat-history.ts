import {
  REALTIME_MESSAGES,
  decodeKeysetCursor,
  encodeKeysetCursor,
  type ChatHistoryPage,
  type ChatHistoryQuery,
} from '@crucible/proto';
import { BadRequestError, type Caller } from '@crucible/platform';
import { chatMessages } from '../repositories/chat.ts';
import { storedChatMessage } from './chat.ts';
import type { RealtimeContext } from './context.ts';

/**
 * A page of the community chat, oldest first, each sender's e-mail as contact privacy lets `viewer`
 * see it. Without a cursor it is the newest messages; the page's cursor is its oldest message's
 * position, so scrolling up asks for what lies before it.
 */
export async function chatHistoryPage(
  ctx: RealtimeContext,
  viewer: Caller,
  query: ChatHistoryQuery,
): Promise<ChatHistoryPage> {
  const before = query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor);
  if (before === null) throw new BadRequestError(REALTIME_MESSAGES.invalidCursor);
  const { rows, hasMore } = await chatMessages.page(ctx.sql, { before, limit: query.limit });
  const oldest = rows[0];
  return {
    messages: rows.map(storedChatMessage(viewer)),
    hasMore,
    nextCursor: hasMore && oldest ? encodeKeysetCursor({ at: oldest.createdAt.toISOString(), id: oldest.id }) : null,
  };
}
