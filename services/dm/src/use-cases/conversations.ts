import type { ConversationSummary, ConversationUsage, Quota } from '@crucible/proto';
import type { Caller } from '@crucible/platform';
import { conversationRepository } from '../repositories/conversations.ts';
import { quotaRepository } from '../repositories/quotas.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import { conversationUserOf } from '../repositories/users.ts';
import type { DmContext } from './context.ts';

/** The viewer's conversations (only theirs: the rows are keyed by the viewer), newest activity first. */
export async function listConversations(ctx: DmContext, viewer: Caller): Promise<ConversationSummary[]> {
  const sql = sqlOnPool(ctx.pool);
  const [rows, quota] = await Promise.all([
    conversationRepository.listOf(sql, viewer.userId),
    quotaRepository.find(sql, viewer.userId),
  ]);
  return rows.map((row) => ({
    otherUser: conversationUserOf(viewer, row.other_user_id, row),
    lastMessage:
      row.last_content === null || row.last_created_at === null
        ? null
        : { content: row.last_content, createdAt: row.last_created_at },
    unreadCount: row.unread_count,
    messageCount: row.message_count,
    lastMessageAt: row.last_message_at,
    usedBytes: row.used_bytes,
    maxBytes: quota.max_bytes,
  }));
}

const NEAR_LIMIT_FRACTION = 0.8;

export async function getQuota(ctx: DmContext, caller: Caller): Promise<Quota> {
  const quota = await quotaRepository.find(sqlOnPool(ctx.pool), caller.userId);
  const usagePercentage = quota.max_bytes > 0 ? (quota.used_bytes / quota.max_bytes) * 100 : 100;
  return {
    usedBytes: quota.used_bytes,
    maxBytes: quota.max_bytes,
    usagePercentage: Math.round(usagePercentage * 10) / 10,
    remainingBytes: Math.max(0, quota.max_bytes - quota.used_bytes),
    // The stored threshold fits the default quota; a quota changed without it still warns at 80% of max_bytes.
    isNearLimit: quota.used_bytes >= Math.min(quota.warning_threshold, quota.max_bytes * NEAR_LIMIT_FRACTION),
    warningThreshold: quota.warning_threshold,
  };
}

export async function conversationUsage(ctx: DmContext, viewer: Caller): Promise<ConversationUsage[]> {
  const rows = await conversationRepository.usageOf(sqlOnPool(ctx.pool), viewer.userId);
  return rows.map((row) => ({
    otherUserId: row.other_user_id,
    otherUser: row.email === null && !row.former_member ? null : conversationUserOf(viewer, row.other_user_id, row),
    usedBytes: row.used_bytes,
    messageCount: row.message_count,
    lastMessageAt: row.last_message_at,
  }));
}
