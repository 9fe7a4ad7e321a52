import { authRoutes, type RequestPasswordReset } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';

export function requestPasswordReset(request: RequestPasswordReset): Promise<{ message: string }> {
  return callRouteWithServerMessage(
    authRoutes.requestPasswordReset,
    { body: request },
    'Password reset request failed',
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
