import { dmRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { CONVERSATION_USAGE_KEY, QUOTA_STALE_MS } from './message-query-keys.ts';

export const conversationUsageQueryOptions = queryOptions({
  queryKey: CONVERSATION_USAGE_KEY,
  queryFn: () => callRoute(dmRoutes.conversationUsage, {}),
  staleTime: QUOTA_STALE_MS,
});

export function useConversationUsage() {
  return useQuery(conversationUsageQueryOptions);
}
