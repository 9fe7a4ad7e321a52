import { adminRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_ACCESS_LEVELS_KEY, ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

export const getAccessLevels = () => callRoute(adminRoutes.listAccessLevels, {});

export const accessLevelsQueryOptions = queryOptions({
  queryKey: ADMIN_ACCESS_LEVELS_KEY,
  queryFn: getAccessLevels,
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAccessLevels() {
  return useQuery(accessLevelsQueryOptions);
}
