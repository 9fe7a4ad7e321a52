import { forumRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, FORUM_MODERATORS_KEY } from './admin-query-keys.ts';

export const getForumModerators = () => callRoute(forumRoutes.listModerators, {});

export const forumModeratorsQueryOptions = queryOptions({
  queryKey: FORUM_MODERATORS_KEY,
  queryFn: getForumModerators,
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useForumModerators() {
  return useQuery(forumModeratorsQueryOptions);
}
