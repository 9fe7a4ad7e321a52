import { authRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

export const userCountQueryOptions = queryOptions({
  queryKey: routeQueryKey(authRoutes.countUsers),
  queryFn: () => callRoute(authRoutes.countUsers, {}),
  staleTime: 5 * 60_000,
  gcTime: 30 * 60_000,
});

export function useUserCount() {
  return useQuery(userCountQueryOptions);
}
