import { adminRoutes, type FlagStatusUpdate } from '@crucible/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, ADMIN_FLAGS_KEY, ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

// The flag list and its one action share a cache entry, so they live together.

export const adminFlagsQueryOptions = queryOptions({
  queryKey: ADMIN_FLAGS_KEY,
  queryFn: () => callRoute(adminRoutes.listFlags, {}),
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminFlags() {
  return useQuery(adminFlagsQueryOptions);
}

export async function updateFlagStatus({ id, update }: { id: string; update: FlagStatusUpdate }) {
  return callRoute(adminRoutes.updateFlagStatus, { params: { id }, body: update });
}

export function useUpdateFlagStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFlagStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_FLAGS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY }),
      ]),
  });
}
