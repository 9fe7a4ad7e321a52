import { forumRoutes, type AccessLevel } from '@crucible/proto';
import { routeQueryKey } from '../../../lib/api-client.ts';

/**
 * Query keys derive from the routes (routeQueryKey), so the cache policy of /api/discussions
 * (query-client.ts) covers lists, details, polls and replies, and invalidating a discussion's key also
 * covers its poll and replies.
 */
export const DISCUSSIONS_KEY = routeQueryKey(forumRoutes.listDiscussions);

/** Which discussions a list shows: a topic's, or a whole level forum's. */
export interface DiscussionListFilter {
  category?: AccessLevel;
  subcategoryId?: string;
}

/** Every discussion list, whatever its filter ('list' is never a discussion id, which are uuids). */
export const DISCUSSION_LISTS_KEY = [...DISCUSSIONS_KEY, 'list'] as const;

export const discussionListKey = (filter: DiscussionListFilter) => [...DISCUSSION_LISTS_KEY, filter] as const;
export const discussionKey = (id: string) => routeQueryKey(forumRoutes.getDiscussion, { params: { id } });
export const pollKey = (discussionId: string) => routeQueryKey(forumRoutes.getPoll, { params: { id: discussionId } });
export const repliesKey = (discussionId: string) =>
  routeQueryKey(forumRoutes.listReplies, { params: { id: discussionId } });

export const TOPICS_KEY = routeQueryKey(forumRoutes.listTopics);
export const FORUM_LEVELS_KEY = routeQueryKey(forumRoutes.listForumLevels);
export const SEARCH_KEY = routeQueryKey(forumRoutes.search);

/** Poll and replies are fresh for 30 s, topics for 5 minutes. */
export const POLL_STALE_MS = 30_000;
export const REPLIES_STALE_MS = 30_000;
export const TOPICS_STALE_MS = 5 * 60_000;
