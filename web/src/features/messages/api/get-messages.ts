import { LIMITS } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { MESSAGES_POLL_MS, MESSAGES_STALE_MS, messagesKey } from './message-query-keys.ts';
import type { MessagePage } from './types.ts';

/** One page of a conversation: the newest messages first, then older ones through nextCursor. */
export async function getMessagesPage(otherUserId: string, cursor?: string): Promise<MessagePage> {
  const params = new URLSearchParams({ limit: String(LIMITS.directMessage.pageSize) });
  if (cursor) params.set('cursor', cursor);
  const response = await apiRequest(
    'GET',
    `/api/direct-messages/${encodeURIComponent(otherUserId)}/messages?${params.toString()}`,
  );
  return (await response.json()) as MessagePage;
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
