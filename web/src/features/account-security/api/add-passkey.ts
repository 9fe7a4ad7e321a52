import { authRoutes, type AddPasskeyRequest } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ACCOUNT_DELETION_STATUS_KEY, PASSKEYS_KEY } from './security-query-keys.ts';

/**
 * The whole ceremony: the service's challenge, the browser's authenticator (the WebAuthn library is
 * loaded only now), and the answer back to the service.
 */
export async function addPasskey(name: string) {
  const ceremony = await callRoute(authRoutes.passkeyRegistrationOptions, {});
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({
    optionsJSON: ceremony.options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  const body: AddPasskeyRequest = {
    challengeId: ceremony.challengeId,
    name,
    response: response as AddPasskeyRequest['response'],
  };
  return callRoute(authRoutes.addPasskey, { body });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    // The deletion section offers a passkey only to a member who has one.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
        queryClient.invalidateQueries({ queryKey: ACCOUNT_DELETION_STATUS_KEY }),
      ]),
  });
}
