import type { Caller } from '@crucible/platform';
import type { DiscussionSummary } from '@crucible/proto';
import { sqlOnPool } from '../repositories/sql.ts';
import { visitRepository } from '../repositories/visits.ts';
import type { ForumContext } from './context.ts';
import { visibleDiscussion } from './discussion-access.ts';

/** The member opened the discussion: what is new for them starts after now. */
export async function recordVisit(ctx: ForumContext, viewer: Caller, discussionId: string): Promise<void> {
  await visibleDiscussion(ctx, viewer, discussionId);
  await visitRepository.record(sqlOnPool(ctx.pool), viewer.userId, discussionId);
}

/** Each listed discussion with the replies posted since the viewer's last visit (per viewer: shared pages hold 0). */
export async function withNewReplyCounts<T extends DiscussionSummary>(
  ctx: ForumContext,
  viewer: Caller,
  items: T[],
): Promise<T[]> {
  const counts = await visitRepository.newReplyCounts(
    sqlOnPool(ctx.pool),
    viewer.userId,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, newReplyCount: counts.get(item.id) ?? 0 }));
}
