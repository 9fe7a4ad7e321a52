import type { Tx } from './db.ts';

/**
 * What forum removes of a deleted member (deploy/RUNBOOK.md, "User deletion"): their moderator
 * grants, watched discussions and mentions of them. Their discussions, replies,
 * votes and attachments stay, so threads and counts stay whole; they show without a name.
 */
export async function purgeMember(tx: Tx, userId: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM forum_moderators WHERE user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM user_watched_discussions WHERE user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM mentions WHERE mentioned_user_id = ${userId}::uuid`;
}
