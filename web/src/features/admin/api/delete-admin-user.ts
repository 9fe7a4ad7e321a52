import { authRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_USERS_KEY, FORUM_MODERATORS_KEY } from './admin-query-keys.ts';

export async function deleteAdminUser(id: string) {
  await callRoute(authRoutes.deleteAdminUser, { params: { id } });
}

/** A deleted user leaves the user list and takes their moderator grants along. */
export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: FORUM_MODERATORS_KEY }),
      ]),
  });
}
