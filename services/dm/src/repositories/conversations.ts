import { CONVERSATION_USER_COLUMNS, conversationUserJoin, type ConversationUserRow } from './users.ts';
import { LIVE, isoSql, type Sql } from './sql.ts';

export interface ConversationRow extends ConversationUserRow {
  other_user_id: string;
  used_bytes: number;
  message_count: number;
  unread_count: number;
  last_message_at: string | null;
  last_content: string | null;
  last_created_at: string | null;
}

export interface AdminConversationRow {
  user_id: string;
  other_user_id: string;
  message_count: number;
  total_bytes: number;
  last_message_at: string | null;
}

/** How much of the last message a conversation list carries: enough for any preview, not a 10,000-character body per row. */
export const LAST_MESSAGE_PREVIEW_CHARS = 500;

const LIST = `SELECT c.other_user_id, c.used_bytes::float8 AS used_bytes, c.message_count, c.unread_count,
    ${isoSql('c.last_message_at')} AS last_message_at, ${CONVERSATION_USER_COLUMNS},
    c.last_message_preview AS last_content, ${isoSql('c.last_message_created_at')} AS last_created_at
  FROM conversation_quotas c
  ${conversationUserJoin('c.other_user_id')}
  WHERE c.user_id = $1::uuid AND c.message_count > 0
  ORDER BY c.last_message_at DESC NULLS LAST, c.other_user_id`;

/** Whether the row's last message is older (by created_at, then id) than EXCLUDED's. */
const NEWER_THAN_LAST = `(c.last_message_id IS NULL OR (EXCLUDED.last_message_created_at, EXCLUDED.last_message_id) > (c.last_message_created_at, c.last_message_id))`;

/**
 * How a new message's two rows (`conversation_quotas AS c`, one per member) go into existing ones:
 * counted in, and its preview kept only when it is the newest (sends commit out of order).
 */
export const COUNT_NEW_MESSAGE = `ON CONFLICT (user_id, other_user_id) DO UPDATE SET
  used_bytes = c.used_bytes + EXCLUDED.used_bytes,
  message_count = c.message_count + 1,
  unread_count = c.unread_count + EXCLUDED.unread_count,
  last_message_at = GREATEST(c.last_message_at, EXCLUDED.last_message_at),
  last_message_id = CASE WHEN ${NEWER_THAN_LAST} THEN EXCLUDED.last_message_id ELSE c.last_message_id END,
  last_message_preview = CASE WHEN ${NEWER_THAN_LAST} THEN EXCLUDED.last_message_preview ELSE c.last_message_preview END,
  last_message_created_at = CASE WHEN ${NEWER_THAN_LAST} THEN EXCLUDED.last_message_created_at ELSE c.last_message_created_at END`;

export const conversationRepository = {
  listOf: (sql: Sql, userId: string): Promise<ConversationRow[]> => sql<ConversationRow>(LIST, [userId]),

  /** The member's side of each conversation where they have bytes of their own. */
  usageOf: (sql: Sql, userId: string) =>
    sql<
      ConversationUserRow & {
        other_user_id: string;
        used_bytes: number;
        message_count: number;
        last_message_at: string | null;
      }
    >(
      `SELECT c.other_user_id, c.used_bytes::float8 AS used_bytes, c.message_count, ${isoSql('c.last_message_at')} AS last_message_at, ${CONVERSATION_USER_COLUMNS}
       FROM conversation_quotas c ${conversationUserJoin('c.other_user_id')}
       WHERE c.user_id = $1::uuid AND c.used_bytes > 0 ORDER BY c.used_bytes DESC, c.other_user_id`,
      [userId],
    ),

  unreadTotalOf: async (sql: Sql, userId: string): Promise<number> => {
    const [row] = await sql<{ total: number }>(
      `SELECT COALESCE(SUM(unread_count), 0)::int AS total FROM conversation_quotas WHERE user_id = $1::uuid`,
      [userId],
    );
    return row!.total;
  },

  /** Locks both members' rows of a pair, in user-id order (as a send writes them). */
  lockPair: (sql: Sql, userA: string, userB: string) =>
    sql(
      `SELECT user_id FROM conversation_quotas WHERE (user_id = $1::uuid AND other_user_id = $2::uuid) OR (user_id = $2::uuid AND other_user_id = $1::uuid)
       ORDER BY user_id FOR UPDATE`,
      [userA, userB],
    ),

  /** Locks the reader's row, so sends to them wait until their read-all has counted. */
  lockSide: (sql: Sql, userId: string, otherUserId: string) =>
    sql(`SELECT user_id FROM conversation_quotas WHERE user_id = $1::uuid AND other_user_id = $2::uuid FOR UPDATE`, [
      userId,
      otherUserId,
    ]),

  clearUnread: (sql: Sql, userId: string, otherUserId: string) =>
    sql(
      `UPDATE conversation_quotas SET unread_count = 0 WHERE user_id = $1::uuid AND other_user_id = $2::uuid RETURNING user_id`,
      [userId, otherUserId],
    ),

  /** A message leaves the pair: its bytes leave the sender's side, its unread mark the recipient's. */
  removeMessage: async (
    sql: Sql,
    message: { id: string; senderId: string; recipientId: string; sizeBytes: number; wasUnread: boolean },
  ) => {
    await sql(
      `UPDATE conversation_quotas SET used_bytes = used_bytes - $3, message_count = message_count - 1
       WHERE user_id = $1::uuid AND other_user_id = $2::uuid RETURNING user_id`,
      [message.senderId, message.recipientId, message.sizeBytes],
    );
    await sql(
      `UPDATE conversation_quotas SET message_count = message_count - 1, unread_count = unread_count - $3
       WHERE user_id = $1::uuid AND other_user_id = $2::uuid RETURNING user_id`,
      [message.recipientId, message.senderId, message.wasUnread ? 1 : 0],
    );
    // The conversation's newest message left: the next newest live one (the pair index's first row) takes its place.
    await sql(
      `UPDATE conversation_quotas c SET (last_message_id, last_message_preview, last_message_created_at) = (
         SELECT m.id, left(m.content, ${LAST_MESSAGE_PREVIEW_CHARS}), m.created_at FROM direct_messages m
         WHERE m.pair_low = LEAST(c.user_id, c.other_user_id) AND m.pair_high = GREATEST(c.user_id, c.other_user_id) AND ${LIVE}
         ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
       WHERE ((c.user_id = $1::uuid AND c.other_user_id = $2::uuid) OR (c.user_id = $2::uuid AND c.other_user_id = $1::uuid)) AND c.last_message_id = $3::uuid
       RETURNING c.user_id`,
      [message.senderId, message.recipientId, message.id],
    );
  },

  /** An edited message: its size change on the sender's side, its new text where it is the newest. */
  editMessage: async (
    sql: Sql,
    message: { id: string; content: string; senderId: string; recipientId: string; sizeDelta: number },
  ) => {
    await sql(
      `UPDATE conversation_quotas SET used_bytes = used_bytes + $3
       WHERE user_id = $1::uuid AND other_user_id = $2::uuid RETURNING user_id`,
      [message.senderId, message.recipientId, message.sizeDelta],
    );
    await sql(
      `UPDATE conversation_quotas c SET last_message_preview = left($4, ${LAST_MESSAGE_PREVIEW_CHARS})
       WHERE ((c.user_id = $1::uuid AND c.other_user_id = $2::uuid) OR (c.user_id = $2::uuid AND c.other_user_id = $1::uuid)) AND c.last_message_id = $3::uuid
       RETURNING c.user_id`,
      [message.senderId, message.recipientId, message.id, message.content],
    );
  },

  /** Every conversation once (from the side of its lower user id), newest activity first. */
  adminList: (sql: Sql, limit: number, offset: number): Promise<AdminConversationRow[]> =>
    sql<AdminConversationRow>(
      `SELECT c.user_id, c.other_user_id, c.message_count, (c.used_bytes + COALESCE(o.used_bytes, 0))::float8 AS total_bytes,
         ${isoSql('c.last_message_at')} AS last_message_at
       FROM conversation_quotas c
       LEFT JOIN conversation_quotas o ON o.user_id = c.other_user_id AND o.other_user_id = c.user_id
       WHERE c.user_id < c.other_user_id AND c.message_count > 0
       ORDER BY c.last_message_at DESC NULLS LAST, c.user_id, c.other_user_id LIMIT $1 OFFSET $2`,
      [limit, offset],
    ),
};
