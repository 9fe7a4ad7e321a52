import type { Sql } from './sql.ts';
import type { AccessLevel } from '@crucible/proto';

export interface ChatRow {
  id: string;
  content: string;
  senderId: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** The sender's contact-information tier (null: the default tier). */
  contactInfoVisible: AccessLevel | null;
  profileImageUrl: string | null;
}

export const chatMessages = {
  /** Stores the message; undefined when the sender already stored one under the same idempotency key. */
  async insert(
    sql: Sql,
    message: { id: string; content: string; senderId: string; idempotencyKey?: string },
  ): Promise<Date | undefined> {
    const rows = await sql<{ createdAt: Date }>(
      `INSERT INTO chat_messages (id, content, sender_id, idempotency_key) VALUES ($1, $2, $3, $4)
       ON CONFLICT (sender_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING created_at AS "createdAt"`,
      [message.id, message.content, message.senderId, message.idempotencyKey ?? null],
    );
    return rows[0]?.createdAt;
  },
  /** The message `senderId` stored under `idempotencyKey`, if any. */
  async byIdempotencyKey(
    sql: Sql,
    senderId: string,
    idempotencyKey: string,
  ): Promise<{ id: string; content: string; createdAt: Date } | undefined> {
    const rows = await sql<{ id: string; content: string; createdAt: Date }>(
      `SELECT id, content, created_at AS "createdAt" FROM chat_messages
        WHERE sender_id = $1 AND idempotency_key = $2`,
      [senderId, idempotencyKey],
    );
    return rows[0];
  },
  /**
   * Up to `limit` messages before the keyset position (newest first when none), answered oldest
   * first; one more is read to tell whether older ones remain.
   */
  async page(
    sql: Sql,
    options: { before?: { at: string; id: string }; limit: number },
  ): Promise<{ rows: ChatRow[]; hasMore: boolean }> {
    const rows = await sql<ChatRow>(
      `SELECT m.id, m.content, m.sender_id AS "senderId", m.created_at AS "createdAt",
              u.first_name AS "firstName", u.last_name AS "lastName", u.email,
              s.contact_info_visible AS "contactInfoVisible", u.profile_image_url AS "profileImageUrl"
         FROM chat_messages m LEFT JOIN users u ON u.id = m.sender_id
              LEFT JOIN member_settings s ON s.user_id = m.sender_id
        WHERE $1::timestamptz IS NULL OR (m.created_at, m.id) < ($1::timestamptz, $2::uuid)
        ORDER BY m.created_at DESC, m.id DESC LIMIT $3`,
      [options.before?.at ?? null, options.before?.id ?? null, options.limit + 1],
    );
    return { rows: rows.slice(0, options.limit).reverse(), hasMore: rows.length > options.limit };
  },
  /** The latest `limit` messages, oldest first, with what the replica and the settings know of each sender. */
  recent(sql: Sql, limit: number): Promise<ChatRow[]> {
    return sql<ChatRow>(
      `SELECT * FROM (
         SELECT m.id, m.content, m.sender_id AS "senderId", m.created_at AS "createdAt",
                u.first_name AS "firstName", u.last_name AS "lastName", u.email,
                s.contact_info_visible AS "contactInfoVisible", u.profile_image_url AS "profileImageUrl"
           FROM chat_messages m LEFT JOIN users u ON u.id = m.sender_id
                LEFT JOIN member_settings s ON s.user_id = m.sender_id
          ORDER BY m.created_at DESC, m.id DESC LIMIT $1) recent
       ORDER BY "createdAt", id`,
      [limit],
    );
  },
};
