import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { RPC } from '@crucible/proto';
import type { RealtimeContext } from './context.ts';

/** dm is asked at most once per pair per TTL (the web announces at most one per 2 s); a slow answer drops the event. */
const BLOCK_CHECK_TIMEOUT_MS = 1_000;
/** Pairs remembered per instance: one burst is one question to dm, not one SQL query per frame. */
const TYPING_CHECKS_REMEMBERED = 50_000;

export type TypingChecks = LRUCache<string, boolean>;

/**
 * dm's answers, kept briefly (REALTIME_TYPING_CHECK_TTL_MS): a block, an unblock or a changed Direct
 * Messages switch reaches typing within that time. Failures are not kept, so dm coming back is seen at once.
 */
export function createTypingChecks(ttlMs: number): TypingChecks {
  return new LRUCache<string, boolean>({ max: TYPING_CHECKS_REMEMBERED, ttl: ttlMs });
}

/**
 * Whether the sender could message the recipient: dm owns blocks and the recipient's Direct Messages
 * switch and answers over request-reply. Typing is ephemeral, so any doubt (dm down, a refused
 * question) drops the event rather than leak it to a blocker or a member who wants no messages.
 */
async function mayMessage(ctx: RealtimeContext, senderId: string, recipientId: string): Promise<boolean> {
  const pair = `${senderId}>${recipientId}`;
  const known = ctx.typingChecks.get(pair);
  if (known !== undefined) return known;
  try {
    const answer = await ctx.bus.request(
      RPC.dmBlockedBetween,
      { userA: senderId, userB: recipientId },
      { timeoutMs: BLOCK_CHECK_TIMEOUT_MS },
    );
    if (!answer.ok) return false;
    const allowed = !answer.value.blocked && !answer.value.directMessagesOff;
    ctx.typingChecks.set(pair, allowed);
    return allowed;
  } catch (error) {
    ctx.logger.warn({ err: error }, 'typing dropped: the block check failed');
    return false;
  }
}

/**
 * A member's typing reaches only the named recipient's sockets (every instance), with the sender from
 * the token, and only when the sender could message the recipient (no block either way, the
 * recipient's Direct Messages on).
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
