import type { SignInRequest, SignInResponse } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { storeAuthToken } from '../../../lib/auth-token.ts';
import { CURRENT_USER_QUERY_KEY } from './get-current-user.ts';
import { loadAuthRoutes } from './load-auth-routes.ts';

export async function signIn(request: SignInRequest): Promise<SignInResponse> {
  return callRouteWithServerMessage((await loadAuthRoutes()).signIn, { body: request }, 'Signin failed');
}

/**
 * Resolves once the user is read again, so the caller navigates to an app that already knows the
 * member. With two-factor on, the answer is a challenge instead and nobody is signed in yet.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (response) => {
      if (!('token' in response)) return;
      storeAuthToken(response.token);
      return queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}
