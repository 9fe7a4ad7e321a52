import { authRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

export const getAdminUser = (userId: string) => callRoute(authRoutes.getAdminUser, { params: { id: userId } });

/** One member's account for the user view; under the users key, so every user change refreshes it. */
export const adminUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: routeQueryKey(authRoutes.getAdminUser, { params: { id: userId } }),
    queryFn: () => getAdminUser(userId),
    staleTime: ADMIN_LIST_STALE_MS,
  });

export function useAdminUser(userId: string) {
  return useQuery(adminUserQueryOptions(userId));
}
