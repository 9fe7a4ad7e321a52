import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';
import type { StoredChatMessage } from '@crucible/proto';

export const CHAT_HISTORY_QUERY_KEY = ['/api/messages'] as const;

export const chatHistoryQueryOptions = queryOptions({
  queryKey: CHAT_HISTORY_QUERY_KEY,
  queryFn: getQueryFn<StoredChatMessage[]>({ on401: 'throw' }),
  // Each opening of the panel loads the history afresh (spec 1 section 4).
  staleTime: 0,
});

/** Asked only while the panel is open and a member is signed in (spec 1 section 7). */
export function useChatHistory({ enabled }: { enabled: boolean }) {
  return useQuery({ ...chatHistoryQueryOptions, enabled });
}
