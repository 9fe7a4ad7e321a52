import { adminRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_REPORTS_KEY } from './admin-query-keys.ts';

export const getAdminReports = () => callRoute(adminRoutes.listReports, {});

export const adminReportsQueryOptions = queryOptions({
  queryKey: ADMIN_REPORTS_KEY,
  queryFn: getAdminReports,
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminReports() {
  return useQuery(adminReportsQueryOptions);
}
