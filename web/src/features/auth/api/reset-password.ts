import type { ResetPasswordRequest } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { loadAuthRoutes } from './load-auth-routes.ts';

export async function resetPassword(request: ResetPasswordRequest): Promise<{ message: string }> {
  return callRouteWithServerMessage((await loadAuthRoutes()).resetPassword, { body: request }, 'Password reset failed');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
