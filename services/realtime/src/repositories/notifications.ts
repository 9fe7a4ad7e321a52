import type pg from 'pg';
import type { NotificationType } from '@crucible/proto';
import { withSqlTransaction, type Sql } from './sql.ts';

export interface NotificationRow {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  isRead: boolean;
  discussionId: string | null;
  replyId: string | null;
  projectId: string | null;
  fromUserId: string | null;
  metadata: Record<string, unknown>;
  readAt: Date | null;
  createdAt: Date;
  /** How many events this entry stands for (more than one only for a group). */
  itemCount: number;
}

export type NewNotification = Omit<NotificationRow, 'id' | 'isRead' | 'readAt' | 'createdAt' | 'itemCount'> & {
  id: string;
  sourceEventId: string;
};

const COLUMNS = `id, user_id AS "userId", type, title, message, is_read AS "isRead", discussion_id AS "discussionId",
  reply_id AS "replyId", project_id AS "projectId", from_user_id AS "fromUserId", metadata,
  read_at AS "readAt", created_at AS "createdAt", item_count AS "itemCount"`;

export const notifications = {
  /** Inserts unless this member already has the notification of this event; returns the row when new. */
  async insertOnce(sql: Sql, row: NewNotification): Promise<NotificationRow | undefined> {
    const rows = await sql<NotificationRow>(
      `INSERT INTO notifications (id, user_id, type, title, message, discussion_id, reply_id, project_id,
         from_user_id, metadata, source_event_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (source_event_id, user_id) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        row.id,
        row.userId,
        row.type,
        row.title,
        row.message,
        row.discussionId,
        row.replyId,
        row.projectId,
        row.fromUserId,
        JSON.stringify(row.metadata),
        row.sourceEventId,
      ],
    );
    return rows[0];
  },
  /**
   * Adds the event to the member's unread entry of the group (one conversation, one discussion), or
   * starts one: the count grows, the preview becomes the newest, the entry moves to the top, and the
   * link keeps the first unread item. `titleFor` names the entry for its new count. An event already
   * taken in (a redelivery) changes nothing and answers the entry it went into, `isNew` false.
   * `count` is the count this event brought the entry to (what its push was keyed by).
   */
  async addToGroup(
    pool: pg.Pool,
    row: NewNotification & { groupKey: string },
    titleFor: (count: number) => string,
  ): Promise<{ row: NotificationRow; isNew: boolean; count: number } | undefined> {
    // One transaction on one connection (the platform's: a connection that failed mid-way is not reused).
    return withSqlTransaction(pool, async (sql) => {
      // Taking the event in when it is new, and finding where it went when it is not, in one statement:
      // a new event (the common case) costs one round trip here, a redelivery one more for its entry.
      const taken = await sql<
        { id: string; itemCount: number; seen: false } | { id: string; itemCount: number | null; seen: true }
      >(
        `WITH source AS (
           SELECT notification_id, item_count FROM notification_sources WHERE source_event_id = $11::uuid AND user_id = $2::uuid),
         grouped AS (
           INSERT INTO notifications (id, user_id, type, title, message, discussion_id, reply_id, project_id,
             from_user_id, metadata, source_event_id, group_key)
           SELECT $1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::uuid, $7::uuid, $8::text, $9::uuid, $10::jsonb,
             $11::uuid, $12::text
           WHERE NOT EXISTS (SELECT 1 FROM source)
           ON CONFLICT (user_id, group_key) WHERE group_key IS NOT NULL AND NOT is_read
           DO UPDATE SET item_count = notifications.item_count + 1, message = EXCLUDED.message,
                         from_user_id = EXCLUDED.from_user_id, created_at = now()
           RETURNING id, item_count)
         SELECT id, item_count AS "itemCount", false AS seen FROM grouped
         UNION ALL SELECT notification_id, item_count, true FROM source`,
        [
          row.id,
          row.userId,
          row.type,
          titleFor(1),
          row.message,
          row.discussionId,
          row.replyId,
          row.projectId,
          row.fromUserId,
          JSON.stringify(row.metadata),
          row.sourceEventId,
          row.groupKey,
        ],
      );
      const took = taken[0]!;
      if (took.seen) {
        const entry = await sql<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE id = $1`, [took.id]);
        return { row: entry[0]!, isNew: false, count: took.itemCount ?? entry[0]!.itemCount };
      }
      const { id, itemCount } = took;
      // The title for the count and the event's source row in one statement: a round trip less per event.
      const updated = await sql<NotificationRow>(
        `WITH source AS (
           INSERT INTO notification_sources (source_event_id, user_id, notification_id, item_count)
           VALUES ($3, $4, $1, $5))
         UPDATE notifications SET title = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, titleFor(itemCount), row.sourceEventId, row.userId, itemCount],
      );
      return { row: updated[0]!, isNew: true, count: itemCount };
    });
  },
  /** Marks read the member's unread notifications of a conversation (its messages from `fromUserId`); answers their ids. */
  async markConversationRead(sql: Sql, userId: string, fromUserId: string): Promise<string[]> {
    const rows = await sql<{ id: string }>(
      `UPDATE notifications SET is_read = true, read_at = now()
        WHERE user_id = $1 AND type = 'direct_message' AND from_user_id = $2 AND NOT is_read RETURNING id`,
      [userId, fromUserId],
    );
    return rows.map((row) => row.id);
  },
  /** Marks read the member's unread notifications about a discussion (replies, mentions); answers their ids. */
  async markDiscussionRead(sql: Sql, userId: string, discussionId: string): Promise<string[]> {
    const rows = await sql<{ id: string }>(
      `UPDATE notifications SET is_read = true, read_at = now()
        WHERE user_id = $1 AND discussion_id = $2 AND NOT is_read RETURNING id`,
      [userId, discussionId],
    );
    return rows.map((row) => row.id);
  },
  async bySource(sql: Sql, sourceEventId: string, userId: string): Promise<NotificationRow | undefined> {
    const rows = await sql<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE source_event_id = $1 AND user_id = $2`,
      [sourceEventId, userId],
    );
    return rows[0];
  },
  async list(sql: Sql, userId: string, limit: number): Promise<NotificationRow[]> {
    const rows = await sql<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows;
  },
  /** Up to `limit` of the member's notifications older than the keyset position, newest first; one more tells if more remain. */
  async page(
    sql: Sql,
    userId: string,
    options: { before?: { at: string; id: string }; unreadOnly: boolean; limit: number },
  ): Promise<{ rows: NotificationRow[]; hasMore: boolean }> {
    const rows = await sql<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications
        WHERE user_id = $1 AND (NOT $2::boolean OR NOT is_read)
          AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $5`,
      [userId, options.unreadOnly, options.before?.at ?? null, options.before?.id ?? null, options.limit + 1],
    );
    return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
  },
  async unreadCount(sql: Sql, userId: string): Promise<number> {
    const rows = await sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND NOT is_read`,
      [userId],
    );
    return rows[0]!.count;
  },
  /** Marks the member's own notification read; undefined when it is not theirs or does not exist. */
  async markRead(sql: Sql, userId: string, id: string): Promise<NotificationRow | undefined> {
    const rows = await sql<NotificationRow>(
      `UPDATE notifications SET is_read = true, read_at = COALESCE(read_at, now())
        WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId],
    );
    return rows[0];
  },
  async markAllRead(sql: Sql, userId: string): Promise<number> {
    const [row] = await sql<{ count: number }>(
      `WITH marked AS (
         UPDATE notifications SET is_read = true, read_at = now() WHERE user_id = $1 AND NOT is_read RETURNING 1)
       SELECT count(*)::int AS count FROM marked`,
      [userId],
    );
    return row!.count;
  },
};
