import { CONVERSATION_USER_COLUMNS, conversationUserJoin, type ConversationUserRow } from './users.ts';
import { isoSql, type Sql } from './sql.ts';

export const blockRepository = {
  listOf: (sql: Sql, blockerId: string) =>
    sql<ConversationUserRow & { blocked_id: string; created_at: string }>(
      `SELECT b.blocked_id, ${isoSql('b.created_at')} AS created_at, ${CONVERSATION_USER_COLUMNS}
       FROM blocks b ${conversationUserJoin('b.blocked_id')} WHERE b.blocker_id = $1::uuid ORDER BY b.created_at DESC, b.blocked_id`,
      [blockerId],
    ),
  add: (sql: Sql, blockerId: string, blockedId: string) =>
    sql(
      `INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1::uuid, $2::uuid) ON CONFLICT DO NOTHING RETURNING blocker_id`,
      [blockerId, blockedId],
    ),
  remove: (sql: Sql, blockerId: string, blockedId: string) =>
    sql(`DELETE FROM blocks WHERE blocker_id = $1::uuid AND blocked_id = $2::uuid RETURNING blocker_id`, [
      blockerId,
      blockedId,
    ]),
  /** Either member blocked the other. */
  existsBetween: async (sql: Sql, userA: string, userB: string): Promise<boolean> =>
    (
      await sql(
        `SELECT 1 FROM blocks WHERE (blocker_id = $1::uuid AND blocked_id = $2::uuid) OR (blocker_id = $2::uuid AND blocked_id = $1::uuid) LIMIT 1`,
        [userA, userB],
      )
    ).length > 0,
  /** Of the recipients, those with no block either way with the sender and Direct Messages on. */
  messageableAmong: async (sql: Sql, senderId: string, recipientIds: string[]): Promise<string[]> =>
    (
      await sql<{ id: string }>(
        `SELECT r.id::text AS id FROM unnest($2::uuid[]) AS r(id)
         WHERE r.id <> $1::uuid
           AND NOT EXISTS (SELECT 1 FROM member_settings s WHERE s.user_id = r.id AND NOT s.allow_direct_messages)
           AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1::uuid AND b.blocked_id = r.id)
                                                 OR (b.blocker_id = r.id AND b.blocked_id = $1::uuid))`,
        [senderId, recipientIds],
      )
    ).map((row) => row.id),
};
