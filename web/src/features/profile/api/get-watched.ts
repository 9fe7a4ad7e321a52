import { forumRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { watchedKey } from './profile-query-keys.ts';

const SECOND = 1000;

export const getWatched = (userId: string) => callRoute(forumRoutes.listWatched, { params: { id: userId } });

/** The watched list is fresh for 60 s. */
export const watchedQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: watchedKey(userId),
    queryFn: () => getWatched(userId),
    staleTime: 60 * SECOND,
  });

export function useWatched(userId: string, enabled: boolean) {
  return useQuery({ ...watchedQueryOptions(userId), enabled });
}
