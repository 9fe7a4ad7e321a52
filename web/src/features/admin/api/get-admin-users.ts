import { authRoutes, type AdminUserListQuery } from '@crucible/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_USERS_KEY } from './admin-query-keys.ts';

export type AdminUserQuery = AdminUserListQuery & { limit: number; offset: number };

export const adminUsersQueryOptions = (query: AdminUserQuery) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, query],
    queryFn: () => callRoute(authRoutes.listAdminUsers, { query: { ...query, search: query.search || undefined } }),
    staleTime: ADMIN_LIST_STALE_MS,
    // The table keeps its rows while the next page or search loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(query: AdminUserQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
