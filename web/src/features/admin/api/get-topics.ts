import { forumRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_TOPICS_KEY, ADMIN_TOPICS_QUERY } from './admin-query-keys.ts';

export const getAdminTopics = () => callRoute(forumRoutes.listDiscussions, { query: ADMIN_TOPICS_QUERY });

export const adminTopicsQueryOptions = queryOptions({
  queryKey: ADMIN_TOPICS_KEY,
  queryFn: getAdminTopics,
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminTopics() {
  return useQuery(adminTopicsQueryOptions);
}
