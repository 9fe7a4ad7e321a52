import { profileRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { analyticsKey } from './profile-query-keys.ts';

export const getAnalytics = (userId: string) => callRoute(profileRoutes.getAnalytics, { params: { id: userId } });

export const analyticsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: analyticsKey(userId),
    queryFn: () => getAnalytics(userId),
  });

export function useAnalytics(userId: string, enabled: boolean) {
  return useQuery({ ...analyticsQueryOptions(userId), enabled });
}
