import { authRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_USERS_KEY } from './admin-query-keys.ts';

/** One member's account for the user view; under the users key, so every user change refreshes it. */
export const adminUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, userId],
    queryFn: () => callRoute(authRoutes.getAdminUser, { params: { id: userId } }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

export function useAdminUser(userId: string) {
  return useQuery(adminUserQueryOptions(userId));
}
