import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { callRoute } from '../../../lib/api-client.ts';
import { clearAuthToken } from '../../../lib/auth-token.ts';
import { CURRENT_USER_QUERY_KEY } from './get-current-user.ts';
import { loadAuthRoutes } from './load-auth-routes.ts';

export async function signOut(): Promise<void> {
  await callRoute((await loadAuthRoutes()).signOut, {});
}

/**
 * Nothing of the member may outlive the session: the token and every cached answer go, and the
 * app returns to /. It leaves member screens before forgetting the user, or they would bounce to
 * /signin. The current-user entry is set to null rather than removed, because its observers are
 * what switch the screen to signed out.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const currentUserHash = hashKey(CURRENT_USER_QUERY_KEY);
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      clearAuthToken();
      // flushSync: the home screen must be on screen before the user goes, not merely scheduled.
      await navigate('/', { replace: true, flushSync: true });
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== currentUserHash });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
    },
  });
}
