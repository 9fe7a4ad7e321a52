import { authRoutes, type ResetPasswordRequest } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';

export function resetPassword(request: ResetPasswordRequest): Promise<{ message: string }> {
  return callRouteWithServerMessage(authRoutes.resetPassword, { body: request }, 'Password reset failed');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
