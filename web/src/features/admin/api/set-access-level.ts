import { authRoutes, type AccessLevel } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_USERS_KEY } from './admin-query-keys.ts';

export async function setAccessLevel({ id, accessLevel }: { id: string; accessLevel: AccessLevel }) {
  return callRoute(authRoutes.setAccessLevel, { params: { id }, body: { accessLevel } });
}

export function useSetAccessLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccessLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
