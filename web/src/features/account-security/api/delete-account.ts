import { authRoutes, type AccountDeletionScheduled, type DeleteAccountRequest } from '@crucible/proto';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { clearAuthToken } from '../../../lib/auth-token.ts';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/current-member.ts';

const FAILED = 'Your account could not be deleted';

export function deleteAccount(request: DeleteAccountRequest): Promise<AccountDeletionScheduled> {
  return callRouteWithServerMessage(authRoutes.deleteOwnAccount, { body: request }, FAILED);
}

/**
 * Confirms with a passkey instead of the password: the service's challenge for this deletion, the
 * device's passkey (the WebAuthn library is loaded only now), then the deletion with its answer.
 */
export async function deleteAccountWithPasskey(
  confirmation: DeleteAccountRequest['confirmation'],
): Promise<AccountDeletionScheduled> {
  const ceremony = await callRouteWithServerMessage(authRoutes.accountDeletionPasskeyOptions, {}, FAILED);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    optionsJSON: ceremony.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  type Assertion = NonNullable<DeleteAccountRequest['passkey']>;
  return deleteAccount({
    confirmation,
    passkey: { challengeId: ceremony.challengeId, response: response as Assertion['response'] },
  });
}

export type DeleteAccountConfirmation =
  | { with: 'password'; request: DeleteAccountRequest }
  | { with: 'passkey'; confirmation: DeleteAccountRequest['confirmation'] };

/**
 * The account is deactivated at once and every session ends, this one too: as at sign-out, the
 * token and every cached answer go, the app leaves member screens for / before forgetting the
 * member (else they would bounce to /signin), and then shows the sign-in page, which says when the
 * deletion becomes final (it only opens for a signed-out visitor).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const currentUserHash = hashKey(CURRENT_USER_QUERY_KEY);
  return useMutation({
    mutationFn: (confirmed: DeleteAccountConfirmation) =>
      confirmed.with === 'passkey'
        ? deleteAccountWithPasskey(confirmed.confirmation)
        : deleteAccount(confirmed.request),
    onSuccess: async ({ erasureAt }) => {
      clearAuthToken();
      await navigate('/', { replace: true, flushSync: true });
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== currentUserHash });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      await navigate(`/signin?${new URLSearchParams({ accountDeleted: erasureAt })}`, { replace: true });
    },
  });
}
