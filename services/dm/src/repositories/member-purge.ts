import type { Prisma } from '../generated/prisma/client.ts';
import { LIVE } from './sql.ts';

/**
 * Removes a deleted member from dm (deploy/RUNBOOK.md, "User deletion"). A conversation is also the
 * partner's history, so the messages the partner still has stay with them (their sender shown as
 * 'Former member', conversationUserOf); only messages that are already deleted (by their sender or
 * an admin: this product deletes a message for both sides) are erased. The member's own quota, their
 * side of each conversation, their privacy settings and blocks by or of them go. The partner's quota
 * keeps counting their live messages to the member until they delete them, as with anyone.
 * Rerunning it changes nothing.
 */
export async function purgeMember(tx: Prisma.TransactionClient, userId: string): Promise<{ messages: number }> {
  await tx.$executeRaw`INSERT INTO former_members (user_id) VALUES (${userId}::uuid) ON CONFLICT DO NOTHING`;
  const messages = await tx.$executeRawUnsafe(
    `DELETE FROM direct_messages m WHERE (m.sender_id = $1::uuid OR m.recipient_id = $1::uuid) AND NOT (${LIVE})`,
    userId,
  );
  await tx.$executeRaw`DELETE FROM conversation_quotas WHERE user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM message_quotas WHERE user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM member_settings WHERE user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM blocks WHERE blocker_id = ${userId}::uuid OR blocked_id = ${userId}::uuid`;
  return { messages };
}
