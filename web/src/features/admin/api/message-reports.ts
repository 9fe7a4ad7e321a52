import { adminRoutes } from '@crucible/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, ADMIN_LIST_STALE_MS, ADMIN_REPORTS_KEY } from './admin-query-keys.ts';

// The report list and its one action share a cache entry, so they live together.

export const adminReportsQueryOptions = queryOptions({
  queryKey: ADMIN_REPORTS_KEY,
  queryFn: () => callRoute(adminRoutes.listReports, {}),
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminReports() {
  return useQuery(adminReportsQueryOptions);
}

export async function resolveReport({ id, resolution }: { id: string; resolution: string }) {
  return callRoute(adminRoutes.resolveReport, { params: { id }, body: { resolution } });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY }),
      ]),
  });
}
