import { LIMITS, dmRoutes, type MessagePage } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { MESSAGES_POLL_MS, MESSAGES_STALE_MS, messagesKey } from './message-query-keys.ts';

/** One page of a conversation: the newest messages first, then older ones through nextCursor. */
export async function getMessagesPage(otherUserId: string, cursor?: string): Promise<MessagePage> {
  return callRoute(dmRoutes.listMessages, {
    params: { userId: otherUserId },
    query: { limit: LIMITS.directMessage.pageSize, cursor: cursor || undefined },
  });
}

export const messagesQueryOptions = (otherUserId: string, { live = false }: { live?: boolean } = {}) =>
  infiniteQueryOptions({
    queryKey: messagesKey(otherUserId),
    queryFn: ({ pageParam }) => getMessagesPage(otherUserId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => (lastPage.hasMore === false ? undefined : (lastPage.nextCursor ?? undefined)),
    staleTime: MESSAGES_STALE_MS,
    refetchInterval: live ? false : MESSAGES_POLL_MS,
  });

export function useMessages(otherUserId: string, options: { live?: boolean } = {}) {
  return useInfiniteQuery(messagesQueryOptions(otherUserId, options));
}
