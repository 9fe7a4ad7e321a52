import {
  DM_MESSAGES,
  type BlockedMember,
  type DmBlockedBetweenAnswer,
  type DmBlockedBetweenRequest,
  type DmMessageableAnswer,
  type DmMessageableRequest,
} from '@crucible/proto';
import { BadRequestError, NotFoundError, type Caller } from '@crucible/platform';
import { memberSettingsRepository } from '../repositories/member-settings.ts';
import { blockRepository } from '../repositories/blocks.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import { conversationUserOf } from '../repositories/users.ts';
import type { DmContext } from './context.ts';
import { requireOtherMember } from './messages.ts';

export async function listBlocked(ctx: DmContext, viewer: Caller): Promise<BlockedMember[]> {
  const rows = await blockRepository.listOf(sqlOnPool(ctx.pool), viewer.userId);
  return rows.map((row) => ({
    userId: row.blocked_id,
    user: row.email === null ? null : conversationUserOf(viewer, row.blocked_id, row),
    blockedAt: row.created_at,
  }));
}

/** Blocking twice is the same as once; answers the list as it is now. */
export async function block(ctx: DmContext, viewer: Caller, otherId: string): Promise<BlockedMember[]> {
  const viewerId = viewer.userId;
  if (otherId.toLowerCase() === viewerId) throw new BadRequestError(DM_MESSAGES.cannotBlockYourself);
  await requireOtherMember(ctx, viewerId, otherId);
  await blockRepository.add(sqlOnPool(ctx.pool), viewerId, otherId.toLowerCase());
  return listBlocked(ctx, viewer);
}

/** Only the member who blocked can unblock; a block that is not there is a 404. */
export async function unblock(ctx: DmContext, caller: Caller, otherId: string): Promise<void> {
  const removed = await blockRepository.remove(sqlOnPool(ctx.pool), caller.userId, otherId.toLowerCase());
  if (removed.length === 0) throw new NotFoundError(DM_MESSAGES.userNotFound);
}

/**
 * Whether userA could message userB, as realtime asks before passing on typing: neither blocked the
 * other, and userB did not turn Direct Messages off.
 */
export async function blockedBetween(
  ctx: DmContext,
  request: DmBlockedBetweenRequest,
): Promise<DmBlockedBetweenAnswer> {
  const sql = sqlOnPool(ctx.pool);
  const [userA, userB] = [request.userA.toLowerCase(), request.userB.toLowerCase()];
  const [blocked, directMessagesOff] = await Promise.all([
    blockRepository.existsBetween(sql, userA, userB),
    memberSettingsRepository.refusesDirectMessages(sql, userB),
  ]);
  return { blocked, directMessagesOff };
}

/**
 * Which of the recipients would take the sender's message: the rule sendMessage enforces on the
 * recipient's side (no block either way, Direct Messages on), asked by profile to show 'Message'.
 */
export async function messageable(ctx: DmContext, request: DmMessageableRequest): Promise<DmMessageableAnswer> {
  const recipientIds = [...new Set(request.recipientIds.map((id) => id.toLowerCase()))];
  if (recipientIds.length === 0) return { messageable: [] };
  return {
    messageable: await blockRepository.messageableAmong(
      sqlOnPool(ctx.pool),
      request.senderId.toLowerCase(),
      recipientIds,
    ),
  };
}
