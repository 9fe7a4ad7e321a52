import type { SignUpRequest, SignUpResponse } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { storeAuthToken } from '../../../lib/auth-token.ts';
import { CURRENT_USER_QUERY_KEY } from './get-current-user.ts';
import { loadAuthRoutes } from './load-auth-routes.ts';

export async function signUp(request: SignUpRequest): Promise<SignUpResponse> {
  return callRouteWithServerMessage((await loadAuthRoutes()).signUp, { body: request }, 'Signup failed');
}

/**
 * A member who was mailed a verification link is not signed in (the service opens
 * no session then); otherwise the answer carries the session's token. Either way the user is read again.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ token }) => {
      if (token) storeAuthToken(token);
      return queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}
