import type { Subcategory } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';
import { TOPICS_KEY, TOPICS_STALE_MS } from './forum-query-keys.ts';

/** Every topic the member may see, of all four forums: one small list serves each level and the create form. */
export const getTopics = getQueryFn<Subcategory[]>({ on401: 'throw' });

export const topicsQueryOptions = queryOptions({
  queryKey: TOPICS_KEY,
  queryFn: getTopics,
  staleTime: TOPICS_STALE_MS,
});

/** Public members have no forums and are not asked. */
export function useTopics(enabled = true) {
  return useQuery({ ...topicsQueryOptions, enabled });
}
