import { authRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_USERS_KEY } from './admin-query-keys.ts';

/** Deactivating ends a user's sessions and refuses their sign-in until reactivated (unlike deleting). */
export async function setUserActive({ id, active }: { id: string; active: boolean }) {
  const route = active ? authRoutes.reactivateAdminUser : authRoutes.deactivateAdminUser;
  return callRoute(route, { params: { id } });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
