import type { Prisma } from '../generated/prisma/client.ts';

/**
 * Removes a deleted member from dm (deploy/RUNBOOK.md, "User deletion"): every message they sent or
 * received, for both sides; the bytes their partners' live messages to them took of the partners'
 * quotas; their quota, both sides of their conversations, and blocks by or of them.
 */
export async function purgeMember(tx: Prisma.TransactionClient, userId: string): Promise<{ messages: number }> {
  await tx.$executeRaw`
    UPDATE message_quotas q SET used_bytes = GREATEST(q.used_bytes - f.freed, 0), last_calculated = now()
    FROM (
      SELECT m.sender_id, SUM(m.message_size_bytes)::bigint AS freed FROM direct_messages m
      WHERE m.recipient_id = ${userId}::uuid
        AND NOT m.is_deleted_by_sender AND NOT m.is_deleted_by_recipient AND NOT m.is_deleted_by_admin
      GROUP BY m.sender_id
    ) f
    WHERE q.user_id = f.sender_id`;
  const messages = await tx.$executeRaw`
    DELETE FROM direct_messages WHERE sender_id = ${userId}::uuid OR recipient_id = ${userId}::uuid`;
  await tx.$executeRaw`
    DELETE FROM conversation_quotas WHERE user_id = ${userId}::uuid OR other_user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM message_quotas WHERE user_id = ${userId}::uuid`;
  await tx.$executeRaw`DELETE FROM blocks WHERE blocker_id = ${userId}::uuid OR blocked_id = ${userId}::uuid`;
  return { messages };
}
