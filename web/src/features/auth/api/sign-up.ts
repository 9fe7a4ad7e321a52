import type { SignUpRequest, SignUpResponse } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { clearAuthToken } from '../../../lib/auth-token.ts';
import { CURRENT_USER_QUERY_KEY } from './get-current-user.ts';
import { loadAuthRoutes } from './load-auth-routes.ts';
import { signOut } from './sign-out.ts';

export async function signUp(request: SignUpRequest): Promise<SignUpResponse> {
  return callRouteWithServerMessage((await loadAuthRoutes()).signUp, { body: request }, 'Signup failed');
}

/**
 * Spec 1 section 4: when a verification mail was sent the member is told to check their mail and is
 * not signed in (the session the service opened with the account is closed again); when no mail was
 * sent they are signed in. Either way the user is read again.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SignUpRequest) => {
      const response = await signUp(request);
      if (response.emailSent) {
        await signOut().catch(() => undefined);
        clearAuthToken();
      }
      return response;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
