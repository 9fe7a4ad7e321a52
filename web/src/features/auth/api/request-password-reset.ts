import type { RequestPasswordReset } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { requestWithServerMessage } from '../../../lib/api-request.ts';

export function requestPasswordReset(request: RequestPasswordReset): Promise<{ message: string }> {
  return requestWithServerMessage('POST', '/api/auth/request-password-reset', request, 'Password reset request failed');
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
