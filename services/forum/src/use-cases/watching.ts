import { randomUUID } from 'node:crypto';
import { FORUM_MESSAGES } from '@crucible/proto';
import { ForbiddenError } from '@crucible/platform';
import { discussionReads, type WatchedPage } from '../repositories/discussions.ts';
import { decodeCursor, sqlOnPool } from '../repositories/sql.ts';
import type { Viewer } from './access.ts';
import type { ForumContext } from './context.ts';
import { visibleDiscussion } from './discussion-access.ts';

export async function watch(ctx: ForumContext, viewer: Viewer, discussionId: string): Promise<{ discussionId: string; watched: true; watchedAt: string }> {
  await visibleDiscussion(ctx, viewer, discussionId);
  const [row] = await ctx.prisma.$queryRaw<{ watched_at: Date }[]>`
    INSERT INTO user_watched_discussions (id, user_id, discussion_id) VALUES (${randomUUID()}::uuid, ${viewer.userId}::uuid, ${discussionId}::uuid)
    ON CONFLICT (user_id, discussion_id) DO UPDATE SET watched_at = user_watched_discussions.watched_at
    RETURNING watched_at`;
  return { discussionId, watched: true, watchedAt: row!.watched_at.toISOString() };
}

/** Always succeeds, also for a discussion the member can no longer see (nothing leaks). */
export async function unwatch(ctx: ForumContext, viewer: Viewer, discussionId: string): Promise<void> {
  await ctx.prisma.watchedDiscussion.deleteMany({ where: { userId: viewer.userId, discussionId } });
}

/** A member's own list (admins may read anyone's), limited to what the viewer may see. */
export async function listWatched(ctx: ForumContext, viewer: Viewer, userId: string, query: { limit: number; before?: string }): Promise<WatchedPage> {
  if (userId !== viewer.userId && !viewer.isAdmin) throw new ForbiddenError(FORUM_MESSAGES.watchedListNotYours);
  if (viewer.level === 'Public') return { items: [], nextCursor: null };
  return discussionReads.watchedPage(sqlOnPool(ctx.pool), { userId, viewerLevel: viewer.level, limit: query.limit, before: decodeCursor(query.before) });
}
