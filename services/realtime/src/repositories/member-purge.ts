import type pg from 'pg';

/**
 * What realtime removes of a deleted member (deploy/RUNBOOK.md, "User deletion"): their
 * notifications, preferences, last-seen time and live-chat messages. Idempotent, so a redelivered event changes nothing.
 */
export async function purgeMember(db: pg.Pool | pg.PoolClient, userId: string): Promise<void> {
  await db.query(`DELETE FROM notifications WHERE user_id = $1::uuid`, [userId]);
  await db.query(`DELETE FROM notification_preferences WHERE user_id = $1::uuid`, [userId]);
  await db.query(`DELETE FROM member_last_seen WHERE user_id = $1::uuid`, [userId]);
  await db.query(`DELETE FROM chat_messages WHERE sender_id = $1::uuid`, [userId]);
}
