import { profileRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { statsKey } from './profile-query-keys.ts';

export const getStats = (userId: string) => callRoute(profileRoutes.getStats, { params: { id: userId } });

export const statsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: statsKey(userId),
    queryFn: () => getStats(userId),
  });

export function useStats(userId: string) {
  return useQuery(statsQueryOptions(userId));
}
