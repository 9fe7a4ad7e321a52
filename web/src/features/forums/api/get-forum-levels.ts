import { forumRoutes, type AccessLevel, type ForumLevelSummary } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { FORUM_LEVELS_KEY } from './forum-query-keys.ts';

/** Each level forum the member may enter with the number of discussions its list shows them (the forum cards' counts). */
export const getForumLevels = () => callRoute(forumRoutes.listForumLevels, {});

export const forumLevelsQueryOptions = queryOptions({ queryKey: FORUM_LEVELS_KEY, queryFn: getForumLevels });

export function useForumLevels() {
  return useQuery(forumLevelsQueryOptions);
}

/** A level's count, once the levels are loaded (a level the answer leaves out has none). */
export function discussionCountOf(levels: ForumLevelSummary[] | undefined, level: AccessLevel): number | undefined {
  if (!levels) return undefined;
  return levels.find((summary) => summary.category === level)?.discussionCount ?? 0;
}
