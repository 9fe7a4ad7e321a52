import { authRoutes, type SignUpRequest, type SignUpResponse } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from './get-current-user.ts';

export function signUp(request: SignUpRequest): Promise<SignUpResponse> {
  return callRouteWithServerMessage(authRoutes.signUp, { body: request }, 'Signup failed');
}

/** Signing up may sign the member in (when no verification mail was sent), so the user is read again. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
