import { authRoutes, type AdminUserPatch } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_USERS_KEY } from './admin-query-keys.ts';

export async function updateAdminUser({ id, patch }: { id: string; patch: AdminUserPatch }) {
  return callRoute(authRoutes.updateAdminUser, { params: { id }, body: patch });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
