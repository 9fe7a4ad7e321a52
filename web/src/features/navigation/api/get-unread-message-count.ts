import type { CountResponse } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';
import { useLiveFallbackInterval } from '../../../lib/live-socket/live-socket-context.tsx';

export const UNREAD_MESSAGE_COUNT_QUERY_KEY = ['/api/direct-messages', 'unread-count'] as const;

export const getUnreadMessageCount = getQueryFn<CountResponse>({ on401: 'throw' });

export const unreadMessageCountQueryOptions = queryOptions({
  queryKey: UNREAD_MESSAGE_COUNT_QUERY_KEY,
  queryFn: getUnreadMessageCount,
  // Spec 1 section 9: this count has its own freshness, apart from the rest of direct messages.
  staleTime: 60_000,
  gcTime: 5 * 60_000,
});

/** The socket's direct_message and message_read events refresh it; it polls only while the socket is down. */
const UNREAD_FALLBACK_POLL_MS = 60_000;

export function useUnreadMessageCount({ enabled }: { enabled: boolean }) {
  const refetchInterval = useLiveFallbackInterval(UNREAD_FALLBACK_POLL_MS);
  return useQuery({ ...unreadMessageCountQueryOptions, enabled, refetchInterval });
}
