import type { ResetPasswordRequest } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { requestWithServerMessage } from '../../../lib/api-request.ts';

export function resetPassword(request: ResetPasswordRequest): Promise<{ message: string }> {
  return requestWithServerMessage('POST', '/api/auth/reset-password', request, 'Password reset failed');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
