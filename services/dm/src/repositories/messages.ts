import type { DirectMessage } from '@crucible/proto';
import { COUNT_NEW_MESSAGE, LAST_MESSAGE_PREVIEW_CHARS } from './conversations.ts';
import { LIVE, isoSql, type Cursor, type Sql } from './sql.ts';

interface MessageRow {
  id: string;
  content: string;
  sender_id: string;
  recipient_id: string;
  is_read: boolean;
  read_at: string | null;
  created_at: string;
  message_size_bytes: number;
  edited_at: string | null;
}

export interface AdminMessageRow extends MessageRow {
  is_deleted_by_sender: boolean;
  is_deleted_by_recipient: boolean;
  is_deleted_by_admin: boolean;
  deleted_by_admin_id: string | null;
  deletion_reason: string | null;
}

const MESSAGE_COLUMNS = `m.id, m.content, m.sender_id, m.recipient_id, m.is_read, ${isoSql('m.read_at')} AS read_at,
  ${isoSql('m.created_at')} AS created_at, m.message_size_bytes, ${isoSql('m.edited_at')} AS edited_at`;
const ADMIN_COLUMNS = `${MESSAGE_COLUMNS}, m.is_deleted_by_sender, m.is_deleted_by_recipient, m.is_deleted_by_admin, m.deleted_by_admin_id, m.deletion_reason`;

export function toDirectMessage(row: MessageRow): DirectMessage {
  return {
    id: row.id,
    content: row.content,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    isRead: row.is_read,
    readAt: row.read_at,
    createdAt: row.created_at,
    messageSizeBytes: row.message_size_bytes,
    editedAt: row.edited_at,
  };
}

/** The unordered pair of a conversation, as the index keys it. */
function pairOf(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

// Two texts rather than one with an optional cursor, so each keeps a plan that walks the pair index.
const FIRST_PAGE = `SELECT ${MESSAGE_COLUMNS} FROM direct_messages m
  WHERE m.pair_low = $1 AND m.pair_high = $2 AND ${LIVE}
  ORDER BY m.created_at DESC, m.id DESC LIMIT $3`;
const PAGE_AFTER = `SELECT ${MESSAGE_COLUMNS} FROM direct_messages m
  WHERE m.pair_low = $1 AND m.pair_high = $2 AND ${LIVE} AND (m.created_at, m.id) < ($4::timestamptz, $5::uuid)
  ORDER BY m.created_at DESC, m.id DESC LIMIT $3`;
const ADMIN_FIRST_PAGE = `SELECT ${ADMIN_COLUMNS} FROM direct_messages m
  WHERE m.pair_low = $1 AND m.pair_high = $2 ORDER BY m.created_at DESC, m.id DESC LIMIT $3`;
const ADMIN_PAGE_AFTER = `SELECT ${ADMIN_COLUMNS} FROM direct_messages m
  WHERE m.pair_low = $1 AND m.pair_high = $2 AND (m.created_at, m.id) < ($4::timestamptz, $5::uuid)
  ORDER BY m.created_at DESC, m.id DESC LIMIT $3`;

const INSERT_WITHIN_QUOTA = `WITH reserved AS (
    UPDATE message_quotas SET used_bytes = used_bytes + $5::int, last_calculated = now()
    WHERE user_id = $3::uuid AND used_bytes + $5::int <= max_bytes RETURNING user_id),
  m AS (
    INSERT INTO direct_messages (id, content, sender_id, recipient_id, message_size_bytes)
    SELECT $1::uuid, $2::text, $3::uuid, $4::uuid, $5::int FROM reserved
    RETURNING *),
  counted AS (
    INSERT INTO conversation_quotas AS c (user_id, other_user_id, used_bytes, message_count, unread_count,
      last_message_at, last_message_id, last_message_preview, last_message_created_at)
    SELECT side.user_id, side.other_user_id, side.bytes, 1, side.unread,
      m.created_at, m.id, left(m.content, ${LAST_MESSAGE_PREVIEW_CHARS}), m.created_at
    FROM m CROSS JOIN (VALUES ($3::uuid, $4::uuid, $5::int, 0), ($4::uuid, $3::uuid, 0, 1)) AS side(user_id, other_user_id, bytes, unread)
    ORDER BY side.user_id
    ${COUNT_NEW_MESSAGE})
  SELECT ${MESSAGE_COLUMNS} FROM m`;

export interface NewMessage {
  id: string;
  content: string;
  senderId: string;
  recipientId: string;
  sizeBytes: number;
}

export const messageRepository = {
  /**
   * A send's writes in one statement: takes the message's bytes of the sender's quota when they fit
   * (the conditional UPDATE's row lock queues concurrent sends of one member, so the sum never passes
   * max_bytes), stores the message and counts it into both members' conversation rows, written in
   * user-id order so that two sends of one pair in opposite directions take the row locks in the
   * same order and never deadlock. Answers undefined, having changed nothing, when the bytes do not
   * fit or the sender has no quota row yet.
   */
  insertWithinQuota: async (sql: Sql, message: NewMessage): Promise<DirectMessage | undefined> => {
    const [row] = await sql<MessageRow>(INSERT_WITHIN_QUOTA, [
      message.id,
      message.content,
      message.senderId,
      message.recipientId,
      message.sizeBytes,
    ]);
    return row && toDirectMessage(row);
  },

  /** Newest first, `limit` of them, strictly older than `after` when given. */
  pageOfPair: (
    sql: Sql,
    userA: string,
    userB: string,
    limit: number,
    after: Cursor | undefined,
  ): Promise<MessageRow[]> => {
    const [low, high] = pairOf(userA, userB);
    return after
      ? sql<MessageRow>(PAGE_AFTER, [low, high, limit, after.at, after.id])
      : sql<MessageRow>(FIRST_PAGE, [low, high, limit]);
  },

  adminPageOfPair: (
    sql: Sql,
    userA: string,
    userB: string,
    limit: number,
    after: Cursor | undefined,
  ): Promise<AdminMessageRow[]> => {
    const [low, high] = pairOf(userA, userB);
    return after
      ? sql<AdminMessageRow>(ADMIN_PAGE_AFTER, [low, high, limit, after.at, after.id])
      : sql<AdminMessageRow>(ADMIN_FIRST_PAGE, [low, high, limit]);
  },

  findLive: async (sql: Sql, id: string): Promise<MessageRow | undefined> =>
    (
      await sql<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM direct_messages m WHERE m.id = $1::uuid AND ${LIVE}`, [id])
    )[0],

  findLiveMany: (sql: Sql, ids: string[]): Promise<MessageRow[]> =>
    sql<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM direct_messages m WHERE m.id = ANY($1::uuid[]) AND ${LIVE} ORDER BY m.sender_id, m.id`,
      [ids],
    ),

  /** Any message, deleted or not: what a report is about stays reportable after deletion. */
  find: async (sql: Sql, id: string): Promise<MessageRow | undefined> =>
    (await sql<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM direct_messages m WHERE m.id = $1::uuid`, [id]))[0],

  /** Locks the message while it is still live, for the transaction that deletes it. */
  lockLive: async (sql: Sql, id: string): Promise<MessageRow | undefined> =>
    (
      await sql<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM direct_messages m WHERE m.id = $1::uuid AND ${LIVE} FOR UPDATE`,
        [id],
      )
    )[0],

  /** The new text and size of a live message; answers it as it is now. */
  edit: async (sql: Sql, id: string, content: string, sizeBytes: number, editedAt: string): Promise<MessageRow> => {
    const [row] = await sql<MessageRow>(
      `UPDATE direct_messages m SET content = $2, message_size_bytes = $3, edited_at = $4::timestamptz
       WHERE m.id = $1::uuid RETURNING ${MESSAGE_COLUMNS}`,
      [id, content, sizeBytes, editedAt],
    );
    return row!;
  },

  markDeletedBySender: (sql: Sql, id: string) =>
    sql(`UPDATE direct_messages SET is_deleted_by_sender = true WHERE id = $1::uuid RETURNING id`, [id]),

  markDeletedByAdmin: (sql: Sql, id: string, adminId: string, reason: string) =>
    sql(
      `UPDATE direct_messages SET is_deleted_by_admin = true, deleted_by_admin_id = $2::uuid, deletion_reason = $3 WHERE id = $1::uuid RETURNING id`,
      [id, adminId, reason],
    ),

  /** Marks read what `senderId` sent `readerId` and is unread; answers the ids it changed. */
  markAllRead: async (sql: Sql, readerId: string, senderId: string, readAt: string): Promise<string[]> => {
    const rows = await sql<{ id: string }>(
      `UPDATE direct_messages m SET is_read = true, read_at = $3::timestamptz
       WHERE m.recipient_id = $1::uuid AND m.sender_id = $2::uuid AND NOT m.is_read AND ${LIVE} RETURNING m.id`,
      [readerId, senderId, readAt],
    );
    return rows.map((row) => row.id);
  },

  /** The sum of a sender's live message sizes: what their quota's used_bytes must equal. */
  liveBytesOf: async (sql: Sql, senderId: string): Promise<number> => {
    const [row] = await sql<{ total: string }>(
      `SELECT COALESCE(SUM(m.message_size_bytes), 0)::text AS total FROM direct_messages m WHERE m.sender_id = $1::uuid AND ${LIVE}`,
      [senderId],
    );
    return Number(row!.total);
  },
};
