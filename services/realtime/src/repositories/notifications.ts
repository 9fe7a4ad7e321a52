import type pg from 'pg';
import type { NotificationType } from '@crucible/proto';

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
}

export type NewNotification = Omit<NotificationRow, 'id' | 'isRead' | 'readAt' | 'createdAt'> & {
  id: string;
  sourceEventId: string;
};

type Db = pg.Pool | pg.PoolClient;

const COLUMNS = `id, user_id AS "userId", type, title, message, is_read AS "isRead", discussion_id AS "discussionId",
  reply_id AS "replyId", project_id AS "projectId", from_user_id AS "fromUserId", metadata,
  read_at AS "readAt", created_at AS "createdAt"`;

export const notifications = {
  /** Inserts unless this member already has the notification of this event; returns the row when new. */
  async insertOnce(db: Db, row: NewNotification): Promise<NotificationRow | undefined> {
    const { rows } = await db.query<NotificationRow>(
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
  async bySource(db: Db, sourceEventId: string, userId: string): Promise<NotificationRow | undefined> {
    const { rows } = await db.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE source_event_id = $1 AND user_id = $2`,
      [sourceEventId, userId],
    );
    return rows[0];
  },
  async list(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
    const { rows } = await db.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows;
  },
  async unreadCount(db: Db, userId: string): Promise<number> {
    const { rows } = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND NOT is_read`,
      [userId],
    );
    return rows[0]!.count;
  },
  /** Marks the member's own notification read; undefined when it is not theirs or does not exist. */
  async markRead(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
    const { rows } = await db.query<NotificationRow>(
      `UPDATE notifications SET is_read = true, read_at = COALESCE(read_at, now())
        WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId],
    );
    return rows[0];
  },
  async markAllRead(db: Db, userId: string): Promise<number> {
    const result = await db.query(
      `UPDATE notifications SET is_read = true, read_at = now() WHERE user_id = $1 AND NOT is_read`,
      [userId],
    );
    return result.rowCount ?? 0;
  },
};
