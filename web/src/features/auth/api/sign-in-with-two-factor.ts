import type { SignedInResponse, TwoFactorSignInRequest } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { storeAuthToken } from '../../../lib/auth-token.ts';
import { CURRENT_USER_QUERY_KEY } from './get-current-user.ts';
import { loadAuthRoutes } from './load-auth-routes.ts';

/** The second step of a password sign-in: the challenge it answered and the authenticator's code. */
export async function signInWithTwoFactor(request: TwoFactorSignInRequest): Promise<SignedInResponse> {
  return callRouteWithServerMessage((await loadAuthRoutes()).signInWithTwoFactor, { body: request }, 'Signin failed');
}

export function useSignInWithTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithTwoFactor,
    onSuccess: ({ token }) => {
      storeAuthToken(token);
      return queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}
