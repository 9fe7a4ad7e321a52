import { randomUUID } from 'node:crypto';
import { RPC, type DmBlockedBetweenAnswer, type DmBlockedBetweenRequest, type DmRpcAnswer } from '@crucible/proto';
import type { RealtimeContext } from './context.ts';

/** dm is asked on every typing event (the web announces at most one per 2 s); a slow answer drops the event. */
const BLOCK_CHECK_TIMEOUT_MS = 1_000;

/**
 * Whether the two could message each other: dm owns blocks and answers over request-reply. Typing is
 * ephemeral, so any doubt (dm down, a refused question) drops the event rather than leak it to a blocker.
 */
async function mayMessage(ctx: RealtimeContext, senderId: string, recipientId: string): Promise<boolean> {
  try {
    const answer = await ctx.bus.request<DmRpcAnswer<DmBlockedBetweenAnswer>>(
      RPC.dmBlockedBetween,
      { userA: senderId, userB: recipientId } satisfies DmBlockedBetweenRequest,
      { timeoutMs: BLOCK_CHECK_TIMEOUT_MS },
    );
    return answer.ok && !answer.value.blocked;
  } catch (error) {
    ctx.logger.warn({ err: error }, 'typing dropped: the block check failed');
    return false;
  }
}

/**
 * A member's typing reaches only the named recipient's sockets (every instance), with the sender from
 * the token, and only between members who could message each other (neither blocked the other).
 */
export async function sendTyping(
  ctx: RealtimeContext,
  senderId: string,
  recipientId: string,
  isTyping: boolean,
): Promise<void> {
  const recipient = recipientId.toLowerCase();
  if (recipient === senderId) return;
  if (!(await mayMessage(ctx, senderId, recipient))) return;
  await ctx.hub.pushToUsers([recipient], `typing:${randomUUID()}`, { type: 'typing', senderId, isTyping });
}
