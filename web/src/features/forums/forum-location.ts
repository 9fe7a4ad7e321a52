import type { ForumCategory } from '@crucible/proto';
import { isForumCategory } from './forum-levels.ts';

/**
 * Where the member is in the forums, kept in the query string so the browser's back button, a
 * reload and a shared link all land on the same view: /forums?level=Master&topic={id}&discussion={id}.
 * Only `discussion` is the spec's; `level` and `topic` carry the way there.
 */
export interface ForumLocation {
  level?: ForumCategory;
  /** A topic id, or ALL_TOPICS for every discussion of the level. */
  topic?: string;
  discussion?: string;
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
  };
}

export function forumSearch(location: ForumLocation): string {
  const params = new URLSearchParams();
  if (location.level) params.set('level', location.level);
  if (location.topic) params.set('topic', location.topic);
  if (location.discussion) params.set('discussion', location.discussion);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function viewOf(location: ForumLocation): ForumView {
  if (location.discussion) return 'discussion';
  if (location.topic) return 'discussions';
  if (location.level) return 'topics';
  return 'categories';
}
