import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { CONVERSATION_USAGE_KEY, QUOTA_STALE_MS } from './message-query-keys.ts';
import type { ConversationUsage } from './types.ts';

export async function getConversationUsage(): Promise<ConversationUsage[]> {
  const response = await apiRequest('GET', '/api/direct-messages/quota/conversations');
  return (await response.json()) as ConversationUsage[];
}

export const conversationUsageQueryOptions = queryOptions({
  queryKey: CONVERSATION_USAGE_KEY,
  queryFn: getConversationUsage,
  staleTime: QUOTA_STALE_MS,
});

export function useConversationUsage() {
  return useQuery(conversationUsageQueryOptions);
}
