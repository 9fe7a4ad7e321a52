import { FORUM_MESSAGES } from '@crucible/proto';
import { ForbiddenError, type Caller } from '@crucible/platform';
import { discussionReads, type WatchedPage } from '../repositories/discussions.ts';
import { decodeCursor, sqlOnPool } from '../repositories/sql.ts';
import { watchRepository } from '../repositories/watching.ts';
import { forumLevelOfCaller } from './access.ts';
import type { ForumContext } from './context.ts';
import { visibleDiscussion } from './discussion-access.ts';
import { withMyVotes } from './votes.ts';
import { withNewReplyCounts } from './visits.ts';

export async function watch(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
): Promise<{ discussionId: string; watched: true; watchedAt: string }> {
  await visibleDiscussion(ctx, viewer, discussionId);
  const watchedAt = await watchRepository.watch(ctx.prisma, viewer.userId, discussionId);
  return { discussionId, watched: true, watchedAt: watchedAt.toISOString() };
}

/** Always succeeds, also for a discussion the member can no longer see (nothing leaks). */
export async function unwatch(ctx: ForumContext, viewer: Caller, discussionId: string): Promise<void> {
  await watchRepository.unwatch(ctx.prisma, viewer.userId, discussionId);
}

/** A member's own list (admins may read anyone's), limited to what the viewer may see. */
export async function listWatched(
  ctx: ForumContext,
  viewer: Caller,
  userId: string,
  query: { limit: number; before?: string },
): Promise<WatchedPage> {
  if (userId !== viewer.userId && !viewer.isAdmin) throw new ForbiddenError(FORUM_MESSAGES.watchedListNotYours);
  const level = forumLevelOfCaller(viewer);
  if (level === 'Public') return { items: [], nextCursor: null };
  const page = await discussionReads.watchedPage(sqlOnPool(ctx.pool), {
    userId,
    viewerLevel: level,
    limit: query.limit,
    before: decodeCursor(query.before),
  });
  const items = await withMyVotes(ctx, viewer, 'discussion', page.items);
  return { ...page, items: userId === viewer.userId ? await withNewReplyCounts(ctx, viewer, items) : items };
}
