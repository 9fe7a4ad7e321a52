import { authRoutes, type AdminUserListQuery } from '@crucible/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

export type AdminUserQuery = AdminUserListQuery & { limit: number; offset: number };

/** An empty search searches nothing, so it is left out of the request. */
export const getAdminUsers = (query: AdminUserQuery) =>
  callRoute(authRoutes.listAdminUsers, { query: { ...query, search: query.search || undefined } });

export const adminUsersQueryOptions = (query: AdminUserQuery) =>
  queryOptions({
    queryKey: routeQueryKey(authRoutes.listAdminUsers, { query }),
    queryFn: () => getAdminUsers(query),
    staleTime: ADMIN_LIST_STALE_MS,
    // The table keeps its rows while the next page or search loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(query: AdminUserQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
