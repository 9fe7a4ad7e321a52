import { adminRoutes, type ReviewQueueQuery } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

export const getReviewQueue = (query: ReviewQueueQuery) => callRoute(adminRoutes.reviewQueue, { query });

export const reviewQueueQueryOptions = (query: ReviewQueueQuery) =>
  queryOptions({
    queryKey: routeQueryKey(adminRoutes.reviewQueue, { query }),
    queryFn: () => getReviewQueue(query),
    staleTime: ADMIN_LIST_STALE_MS,
  });

export function useReviewQueue(query: ReviewQueueQuery) {
  return useQuery(reviewQueueQueryOptions(query));
}
