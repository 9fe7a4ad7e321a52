import { authRoutes, type AccountDeletionScheduled, type DeleteAccountRequest } from '@crucible/proto';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { clearAuthToken } from '../../../lib/auth-token.ts';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/current-member.ts';

export function deleteAccount(request: DeleteAccountRequest): Promise<AccountDeletionScheduled> {
  return callRouteWithServerMessage(
    authRoutes.deleteOwnAccount,
    { body: request },
    'Your account could not be deleted',
  );
}

/**
 * The account is deactivated at once and every session ends, this one too: as at sign-out, the
 * token and every cached answer go, the app leaves member screens for / before forgetting the
 * member (else they would bounce to /signin), and then shows the sign-in page, which says what
 * happens next (it only opens for a signed-out visitor).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const currentUserHash = hashKey(CURRENT_USER_QUERY_KEY);
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      clearAuthToken();
      await navigate('/', { replace: true, flushSync: true });
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== currentUserHash });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      await navigate('/signin?accountDeleted=1', { replace: true });
    },
  });
}
