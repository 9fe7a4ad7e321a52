import { adminRoutes, type FlagStatusUpdate } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, ADMIN_FLAGS_KEY } from './admin-query-keys.ts';

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
