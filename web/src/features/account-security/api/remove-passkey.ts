import { authRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ACCOUNT_DELETION_STATUS_KEY, PASSKEYS_KEY } from './security-query-keys.ts';

export const removePasskey = (id: string) => callRoute(authRoutes.removePasskey, { params: { id } });

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    // The deletion section offers a passkey only to a member who has one.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
        queryClient.invalidateQueries({ queryKey: ACCOUNT_DELETION_STATUS_KEY }),
      ]),
  });
}
