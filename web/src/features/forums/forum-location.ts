import { SEARCH_CATEGORIES, SEARCH_SORTS, type SearchQuery } from '@crucible/proto';
import { isForumCategory, type ForumLevel } from './forum-levels.ts';

/**
 * Where the member is in the forums, kept in the query string so the browser's back button, a
 * reload and a shared link all land on the same view: /forums?level=Master&topic={id}&discussion={id}.
 * `discussion` names the open discussion; `level` and `topic` carry the way there.
 */
export interface ForumLocation {
  level?: ForumLevel;
  /** A topic id, or ALL_TOPICS for every discussion of the level. */
  topic?: string;
  discussion?: string;
  /** A reply of the discussion to scroll to and highlight (a link to the reply). */
  reply?: string;
}

/** The pseudo-topic of a level forum that lists all its discussions, those outside any topic included. */
export const ALL_TOPICS = 'all';

export type ForumView = 'categories' | 'topics' | 'discussions' | 'discussion';

export function readForumLocation(params: URLSearchParams): ForumLocation {
  const level = params.get('level');
  return {
    level: isForumCategory(level) ? level : undefined,
    topic: params.get('topic') || undefined,
    discussion: params.get('discussion') || undefined,
    reply: params.get('reply') || undefined,
  };
}

export function forumSearch(location: ForumLocation): string {
  const params = new URLSearchParams();
  if (location.level) params.set('level', location.level);
  if (location.topic) params.set('topic', location.topic);
  if (location.discussion) params.set('discussion', location.discussion);
  if (location.discussion && location.reply) params.set('reply', location.reply);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function viewOf(location: ForumLocation): ForumView {
  if (location.discussion) return 'discussion';
  if (location.topic) return 'discussions';
  if (location.level) return 'topics';
  return 'categories';
}

/** A submitted search: `?q=&in=&sort=` beside the location, so results are a view of their own and Back returns. */
export type ForumSearchRequest = Pick<SearchQuery, 'query' | 'category' | 'sortBy'>;

const SEARCH_PARAMS = ['q', 'in', 'sort'] as const;

export function readForumSearch(params: URLSearchParams): ForumSearchRequest | null {
  const query = params.get('q')?.trim();
  if (!query) return null;
  const category = params.get('in');
  const sortBy = params.get('sort');
  return {
    query,
    category: (SEARCH_CATEGORIES as readonly string[]).includes(category ?? '')
      ? (category as ForumSearchRequest['category'])
      : 'all',
    sortBy: (SEARCH_SORTS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as ForumSearchRequest['sortBy'])
      : 'relevance',
  };
}

/** The query string with the search added (or, given null, removed); the location stays. */
export function withForumSearch(params: URLSearchParams, search: ForumSearchRequest | null): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of SEARCH_PARAMS) next.delete(name);
  if (search) {
    next.set('q', search.query);
    if (search.category !== 'all') next.set('in', search.category);
    if (search.sortBy !== 'relevance') next.set('sort', search.sortBy);
  }
  return next;
}
