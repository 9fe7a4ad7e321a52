import type { SignUpRequest, SignUpResponse } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithServerMessage } from '../../../lib/api-request.ts';
import { CURRENT_USER_QUERY_KEY } from './get-current-user.ts';

export function signUp(request: SignUpRequest): Promise<SignUpResponse> {
  return requestWithServerMessage('POST', '/api/auth/signup', request, 'Signup failed');
}

/** Signing up may sign the member in (when no verification mail was sent), so the user is read again. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
