import {
  ACCESS_LEVELS,
  SUBJECTS,
  type AccessLevel,
  type DiscussionChangedPayload,
  type DiscussionListQuery,
  type ForumLevelSummary,
} from '@crucible/proto';
import type { EventBus, Subscription } from '@crucible/platform';
import { discussionReads, type DiscussionPage, type DiscussionPlace } from '../repositories/discussions.ts';
import { replyReads, type ReplyPage } from '../repositories/replies.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import type { ForumContext } from './context.ts';

/**
 * The first page of the forum's lists, the most read thing, kept in the platform cache (Redis,
 * keys under the deployment's namespace; shared by every instance of the service):
 *
 * - a discussion list's first page (a topic's, a category's, all forums'), one per access level:
 *   what a level sees is the same for every member at it (hidden discussions are never in the plain
 *   list), and a member's live level picks the key, so a level change reads another page at once;
 * - a discussion's first page of replies with the discussion's place, the same for everyone: who
 *   may see it is decided per request from the cached place (cache the unfiltered rows, filter).
 *
 * Only the default page size without a cursor or other filters is cached. A write forgets the
 * pages that show it right after its commit (the writer reads its own write), and again when its
 * event (forum.discussion.created/updated/deleted, forum.reply.created, forum.vote.cast) comes back from the bus:
 * that second forgetting removes a page a reader computed from the old rows and stored after the
 * first. What no event announces (an author's new name) lives at most FORUM_FIRST_PAGE_TTL_SECONDS.
 */
const VERSION = 'v1';
export const FIRST_PAGE_SIZE = 20;

/** Where a discussion shows: the lists that contain it. */
export type PagePlace = Pick<DiscussionPlace, 'category' | 'subcategoryId'> & { id: string };

type ListScope = `topic:${string}` | `category:${string}` | 'all';

const listKey = (scope: ListScope, level: AccessLevel) => `forum:first-page:${VERSION}:list:${scope}:${level}`;
const repliesKey = (discussionId: string) => `forum:first-page:${VERSION}:replies:${discussionId}`;
const levelCountsKey = (level: AccessLevel) => `forum:first-page:${VERSION}:level-counts:${level}`;

/** The list a query asks for, when it is a first page the cache keeps. */
export function cachedListScope(query: DiscussionListQuery): ListScope | undefined {
  const plain =
    !query.before &&
    !query.includeHidden &&
    !query.authorId &&
    !query.tag &&
    query.discussionType === 'discussion' &&
    query.limit === FIRST_PAGE_SIZE;
  if (!plain) return undefined;
  if (query.subcategoryId) return query.category ? undefined : `topic:${query.subcategoryId}`;
  if (query.subcategoryId === null) return undefined;
  return query.category ? `category:${query.category}` : 'all';
}

/** A cached value, or `load()` stored for next time. A cache that fails is passed by, never an error. */
async function cached<T>(ctx: ForumContext, key: string, load: () => Promise<T>): Promise<T> {
  const ttlSeconds = ctx.config.FORUM_FIRST_PAGE_TTL_SECONDS;
  if (ttlSeconds === 0) return load();
  const hit = await ctx.cache.get(key).catch(() => null);
  if (hit !== null) return JSON.parse(hit) as T;
  const value = await load();
  ctx.cache.set(key, JSON.stringify(value), { ttlSeconds }).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'could not cache a first page');
  });
  return value;
}

export function cachedListPage(
  ctx: ForumContext,
  scope: ListScope,
  level: AccessLevel,
  load: () => Promise<DiscussionPage>,
): Promise<DiscussionPage> {
  return cached(ctx, listKey(scope, level), load);
}

export function cachedRepliesPage(
  ctx: ForumContext,
  discussionId: string,
  load: () => Promise<{ place: DiscussionPlace | null; page: ReplyPage }>,
): Promise<{ place: DiscussionPlace | null; page: ReplyPage }> {
  return cached(ctx, repliesKey(discussionId), load);
}

/** The level forums' discussion counts as a level sees them (the forum cards), cached like a first page. */
export function cachedLevelCounts(
  ctx: ForumContext,
  level: AccessLevel,
  load: () => Promise<ForumLevelSummary[]>,
): Promise<ForumLevelSummary[]> {
  return cached(ctx, levelCountsKey(level), load);
}

/** Forgets every cached page that shows the discussion: its lists at every level, its replies, the level counts. */
export async function forgetPagesOf(ctx: ForumContext, place: PagePlace): Promise<void> {
  const scopes: ListScope[] = ['all', `category:${place.category}`];
  if (place.subcategoryId) scopes.push(`topic:${place.subcategoryId}`);
  const keys = [
    repliesKey(place.id),
    ...scopes.flatMap((scope) => ACCESS_LEVELS.map((level) => listKey(scope, level))),
    ...ACCESS_LEVELS.map(levelCountsKey),
  ];
  await Promise.all(keys.map((key) => ctx.cache.delete(key))).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'could not forget cached first pages; they expire on their own');
  });
}

/** Forgets a discussion's cached first page of replies (a vote on a reply changes only that page). */
export async function forgetRepliesPage(ctx: ForumContext, discussionId: string): Promise<void> {
  await ctx.cache.delete(repliesKey(discussionId)).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'could not forget a cached replies page; it expires on its own');
  });
}

/** The payload of forum.discussion.updated / .deleted for a discussion's place. */
export function changedPayload(place: DiscussionPlace): DiscussionChangedPayload {
  return {
    discussionId: place.id,
    category: place.category,
    accessLevel: place.accessLevel,
    subcategoryId: place.subcategoryId,
  };
}

const PAGE_SUBJECTS = [
  SUBJECTS.forumDiscussionCreated,
  SUBJECTS.forumDiscussionUpdated,
  SUBJECTS.forumDiscussionDeleted,
  SUBJECTS.forumReplyCreated,
  SUBJECTS.forumVoteCast,
];

/** The forum's own events forget the pages they change (a second time: see above). */
export function forgetPagesOnEvents(ctx: ForumContext, bus: EventBus, durable: string): Promise<Subscription> {
  return bus.subscribe({
    durable,
    subjects: PAGE_SUBJECTS,
    handler: async (event) => {
      if (event.subject === SUBJECTS.forumVoteCast) {
        const { discussionId, replyId } = event.payload;
        if (replyId) {
          const repliedTo = await replyReads.discussionIdOf(sqlOnPool(ctx.pool), replyId);
          if (repliedTo) await forgetRepliesPage(ctx, repliedTo);
          return;
        }
        const place = discussionId ? await discussionReads.placeOf(sqlOnPool(ctx.pool), discussionId) : null;
        if (place) await forgetPagesOf(ctx, place);
        return;
      }
      if (event.subject !== SUBJECTS.forumReplyCreated) {
        const { discussionId: id, category, subcategoryId } = event.payload;
        return forgetPagesOf(ctx, { id, category, subcategoryId });
      }
      const place = await discussionReads.placeOf(sqlOnPool(ctx.pool), event.payload.discussionId);
      if (place) await forgetPagesOf(ctx, place);
    },
  });
}
