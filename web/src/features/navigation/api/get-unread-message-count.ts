import type { CountResponse } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';

export const UNREAD_MESSAGE_COUNT_QUERY_KEY = ['/api/direct-messages', 'unread-count'] as const;

export const getUnreadMessageCount = getQueryFn<CountResponse>({ on401: 'throw' });

export const unreadMessageCountQueryOptions = queryOptions({
  queryKey: UNREAD_MESSAGE_COUNT_QUERY_KEY,
  queryFn: getUnreadMessageCount,
  // Spec 1 section 9: this count has its own freshness, apart from the rest of direct messages.
  staleTime: 60_000,
  gcTime: 5 * 60_000,
  // Until the live layer pushes new messages, the badge polls at the spec's message rate (spec 2 section 9).
  refetchInterval: 60_000,
});

export function useUnreadMessageCount({ enabled }: { enabled: boolean }) {
  return useQuery({ ...unreadMessageCountQueryOptions, enabled });
}
