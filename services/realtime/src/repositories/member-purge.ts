import type pg from 'pg';

/**
 * What realtime removes of a deleted member (deploy/RUNBOOK.md, "User deletion"): their
 * notifications and their live-chat messages. Idempotent, so a redelivered event changes nothing.
 */
export async function purgeMember(db: pg.Pool | pg.PoolClient, userId: string): Promise<void> {
  await db.query(`DELETE FROM notifications WHERE user_id = $1::uuid`, [userId]);
  await db.query(`DELETE FROM chat_messages WHERE sender_id = $1::uuid`, [userId]);
}
