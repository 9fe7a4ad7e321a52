import type { Tx } from './db.ts';
import { voteWrites, type WithdrawnVote } from './votes.ts';

/**
 * What forum removes of a deleted member (deploy/RUNBOOK.md, "User deletion"): their moderator
 * grants, watched discussions, visits, mentions of them and their votes (taken off the posts' counters;
 * answered so the caller can announce each as withdrawn). Their discussions, replies and
 * attachments stay, so threads stay whole; they show without a name.
 */
export async function purgeMember(tx: Tx, userId: string): Promise<WithdrawnVote[]> {
  await tx.$executeRaw`DELETE FROM forum_moderators WHERE user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM user_watched_discussions WHERE user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM discussion_visits WHERE user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM mentions WHERE mentioned_user_id = ${userId}::uuid`;
  return voteWrites.deleteAllOf(tx, userId);
}
