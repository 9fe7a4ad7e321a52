import type { ConversationSummary } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';

/** The same entry the messages page reads, so a live direct_message refreshes both. */
export const conversationsQueryOptions = queryOptions({
  queryKey: ['/api/direct-messages', 'conversations'] as const,
  queryFn: getQueryFn<ConversationSummary[]>({ on401: 'throw' }),
  staleTime: 30_000,
  gcTime: 10 * 60_000,
  refetchInterval: 30_000,
});

export function useConversations() {
  return useQuery(conversationsQueryOptions);
}
