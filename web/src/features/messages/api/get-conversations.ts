import { queryOptions, useQuery } from '@tanstack/react-query';
import { dmRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { CONVERSATIONS_KEY, CONVERSATIONS_POLL_MS, CONVERSATIONS_STALE_MS } from './message-query-keys.ts';
import type { ConversationSummary } from './types.ts';

export async function getConversations(): Promise<ConversationSummary[]> {
  return callRoute(dmRoutes.listConversations, {});
}

export const conversationsQueryOptions = queryOptions({
  queryKey: CONVERSATIONS_KEY,
  queryFn: getConversations,
  staleTime: CONVERSATIONS_STALE_MS,
  refetchInterval: CONVERSATIONS_POLL_MS,
});

export function useConversations() {
  return useQuery(conversationsQueryOptions);
}
