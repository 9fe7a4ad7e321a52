import type { ChangePasswordRequest } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { loadAuthRoutes } from './load-auth-routes.ts';

export async function changePassword(request: ChangePasswordRequest): Promise<{ message: string }> {
  return callRouteWithServerMessage(
    (await loadAuthRoutes()).changePassword,
    { body: request },
    'Password change failed',
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
