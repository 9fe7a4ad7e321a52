import { adminRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, ADMIN_REPORTS_KEY } from './admin-query-keys.ts';

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
