import { realtimeRoutes } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';

/** The summary mail's link: needs no sign-in, its token names the member. */
export function unsubscribeFromDigest(token: string): Promise<{ emailDigest: 'off' }> {
  return callRouteWithServerMessage(
    realtimeRoutes.unsubscribeFromDigest,
    { body: { token } },
    'The summaries could not be turned off. Please try again.',
  );
}

export function useUnsubscribeFromDigest() {
  return useMutation({ mutationFn: unsubscribeFromDigest });
}
