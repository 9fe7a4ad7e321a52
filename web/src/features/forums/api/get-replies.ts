import { NEXT_CURSOR_HEADER, type Reply } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { REPLIES_STALE_MS, repliesKey } from './forum-query-keys.ts';

export interface ReplyPage {
  items: Reply[];
  /** The cursor of the next (newer) page, from the X-Next-Cursor header; null on the last page. */
  nextCursor: string | null;
}

/** One page of replies, oldest first. */
export async function getRepliesPage(discussionId: string, after?: string): Promise<ReplyPage> {
  const query = after ? `?${new URLSearchParams({ after }).toString()}` : '';
  const response = await apiRequest('GET', `/api/discussions/${encodeURIComponent(discussionId)}/replies${query}`);
  return { items: (await response.json()) as Reply[], nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

export const repliesQueryOptions = (discussionId: string) =>
  infiniteQueryOptions({
    queryKey: repliesKey(discussionId),
    queryFn: ({ pageParam }) => getRepliesPage(discussionId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    staleTime: REPLIES_STALE_MS,
  });

export function useReplies(discussionId: string) {
  return useInfiniteQuery(repliesQueryOptions(discussionId));
}
