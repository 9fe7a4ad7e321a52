import { forumRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_TOPICS_KEY } from './admin-query-keys.ts';

/** The console's topics are discussions of type 'category' (spec 3 section 3), hidden ones too. */
export const adminTopicsQueryOptions = queryOptions({
  queryKey: ADMIN_TOPICS_KEY,
  queryFn: () =>
    callRoute(forumRoutes.listDiscussions, { query: { discussionType: 'category', includeHidden: 'true' } }),
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminTopics() {
  return useQuery(adminTopicsQueryOptions);
}
