import { authRoutes, type ChangePasswordRequest } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { SESSIONS_KEY } from './security-query-keys.ts';

export async function changePassword(request: ChangePasswordRequest): Promise<{ message: string }> {
  return callRouteWithServerMessage(authRoutes.changePassword, { body: request }, 'Password change failed');
}

/** Signing the other sessions out changes the list of where the member is signed in. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
