import { LIMITS, forumRoutes, type DiscussionSummary } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

/** Under the discussions prefix, so a new discussion anywhere refreshes the dashboard too. */
export const RECENT_DISCUSSIONS_QUERY_KEY = [...routeQueryKey(forumRoutes.listDiscussions), 'dashboard'] as const;

export async function getRecentDiscussions(): Promise<DiscussionSummary[]> {
  const discussions = await callRoute(forumRoutes.listDiscussions, {});
  return discussions.slice(0, LIMITS.dashboard.discussions);
}

export const recentDiscussionsQueryOptions = queryOptions({
  queryKey: RECENT_DISCUSSIONS_QUERY_KEY,
  queryFn: getRecentDiscussions,
  staleTime: 60_000,
  gcTime: 15 * 60_000,
  refetchOnWindowFocus: true,
});

export function useRecentDiscussions() {
  return useQuery(recentDiscussionsQueryOptions);
}
