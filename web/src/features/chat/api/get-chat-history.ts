import { realtimeRoutes, type ChatHistoryPage } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

export const CHAT_HISTORY_QUERY_KEY = routeQueryKey(realtimeRoutes.listChatHistory);

/** One page of the community chat, oldest first; the cursor asks for the older page above it. */
export function getChatHistoryPage(cursor?: string): Promise<ChatHistoryPage> {
  return callRoute(realtimeRoutes.listChatHistory, { query: { cursor } });
}

export const chatHistoryQueryOptions = infiniteQueryOptions({
  queryKey: CHAT_HISTORY_QUERY_KEY,
  queryFn: ({ pageParam }) => getChatHistoryPage(pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (lastPage) => (lastPage.hasMore ? (lastPage.nextCursor ?? undefined) : undefined),
  // Each opening of the panel loads the history afresh; older pages come on scrolling up.
  staleTime: 0,
  gcTime: 0,
});

/** Asked only while the panel is open and a member is signed in. */
export function useChatHistory({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...chatHistoryQueryOptions, enabled });
}
