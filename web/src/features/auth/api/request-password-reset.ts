import type { RequestPasswordReset } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { loadAuthRoutes } from './load-auth-routes.ts';

export async function requestPasswordReset(request: RequestPasswordReset): Promise<{ message: string }> {
  return callRouteWithServerMessage(
    (await loadAuthRoutes()).requestPasswordReset,
    { body: request },
    'Password reset request failed',
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
