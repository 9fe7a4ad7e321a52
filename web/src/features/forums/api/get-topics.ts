import { forumRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { TOPICS_KEY, TOPICS_STALE_MS } from './forum-query-keys.ts';

/** Every topic the member may see, of all four forums: one small list serves each level and the create form. */
export const getTopics = () => callRoute(forumRoutes.listTopics, {});

export const topicsQueryOptions = queryOptions({
  queryKey: TOPICS_KEY,
  queryFn: getTopics,
  staleTime: TOPICS_STALE_MS,
});

/** Public members have no forums and are not asked. */
export function useTopics(enabled = true) {
  return useQuery({ ...topicsQueryOptions, enabled });
}
