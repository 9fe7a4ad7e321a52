import { forumRoutes, type ResponseOf, type Reply } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client.ts';
import { REPLIES_STALE_MS, repliesKey } from './forum-query-keys.ts';

export interface ReplyPage {
  items: Reply[];
  /** The cursor of the next (newer) page, from the X-Next-Cursor header; null on the last page. */
  nextCursor: string | null;
}

/** One page of replies, oldest first. */
export async function getRepliesPage(discussionId: string, after?: string): Promise<ReplyPage> {
  const route = forumRoutes.listReplies;
  const response = await requestRoute(route, { params: { id: discussionId }, query: { after } });
  return {
    items: (await response.json()) as ResponseOf<typeof route>,
    nextCursor: response.headers.get(route.nextCursorHeader),
  };
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
