import { adminRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_FLAGS_KEY, ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

export const getAdminFlags = () => callRoute(adminRoutes.listFlags, {});

export const adminFlagsQueryOptions = queryOptions({
  queryKey: ADMIN_FLAGS_KEY,
  queryFn: getAdminFlags,
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminFlags() {
  return useQuery(adminFlagsQueryOptions);
}
