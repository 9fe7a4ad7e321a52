import type { AccessLevel } from '@crucible/proto';

/**
 * Query keys are URLs split into parts (web/README.md), so the discussions cache policy of spec 1
 * section 9 covers lists, details, polls and replies, and invalidating a discussion's key also
 * covers its poll and replies.
 */
export const DISCUSSIONS_KEY = ['/api/discussions'] as const;

/** Which discussions a list shows: a topic's, or a whole level forum's. */
export interface DiscussionListFilter {
  category?: AccessLevel;
  subcategoryId?: string;
}

/** Every discussion list, whatever its filter ('list' is never a discussion id, which are uuids). */
export const DISCUSSION_LISTS_KEY = [...DISCUSSIONS_KEY, 'list'] as const;

export const discussionListKey = (filter: DiscussionListFilter) => [...DISCUSSION_LISTS_KEY, filter] as const;
export const discussionKey = (id: string) => [...DISCUSSIONS_KEY, id] as const;
export const pollKey = (discussionId: string) => [...discussionKey(discussionId), 'poll'] as const;
export const repliesKey = (discussionId: string) => [...discussionKey(discussionId), 'replies'] as const;

export const TOPICS_KEY = ['/api/subcategories'] as const;
export const FORUM_LEVELS_KEY = ['/api/forum-levels'] as const;
export const SEARCH_KEY = ['/api/search'] as const;

/** Spec 2 section 9: poll and replies are fresh for 30 s, topics for 5 minutes. */
export const POLL_STALE_MS = 30_000;
export const REPLIES_STALE_MS = 30_000;
export const TOPICS_STALE_MS = 5 * 60_000;
