import type { PasskeySignInRequest, SignedInResponse } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { storeAuthToken } from '../../../lib/auth-token.ts';
import { CURRENT_USER_QUERY_KEY } from './get-current-user.ts';
import { loadAuthRoutes } from './load-auth-routes.ts';

/** The service's challenge, the device's passkey (the WebAuthn library is loaded only now), the session. */
export async function signInWithPasskey(): Promise<SignedInResponse> {
  const routes = await loadAuthRoutes();
  const ceremony = await callRouteWithServerMessage(routes.passkeySignInOptions, {}, 'Signin failed');
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    optionsJSON: ceremony.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  const body: PasskeySignInRequest = {
    challengeId: ceremony.challengeId,
    response: response as PasskeySignInRequest['response'],
  };
  return callRouteWithServerMessage(routes.signInWithPasskey, { body }, 'Signin failed');
}

export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: ({ token }) => {
      storeAuthToken(token);
      return queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}
