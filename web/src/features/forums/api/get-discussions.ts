import { forumRoutes, type ResponseOf, type DiscussionSummary } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client.ts';
import { discussionListKey, type DiscussionListFilter } from './forum-query-keys.ts';

export interface DiscussionPage {
  items: DiscussionSummary[];
  /** The cursor of the next (older) page, from the X-Next-Cursor header; null on the last page. */
  nextCursor: string | null;
}

/** One page, newest first; the list stays an array and the next page's cursor travels in a header. */
export async function getDiscussionsPage(filter: DiscussionListFilter, before?: string): Promise<DiscussionPage> {
  const route = forumRoutes.listDiscussions;
  const response = await requestRoute(route, {
    query: { category: filter.category, subcategoryId: filter.subcategoryId || undefined, before },
  });
  return {
    items: (await response.json()) as ResponseOf<typeof route>,
    nextCursor: response.headers.get(route.nextCursorHeader),
  };
}

export const discussionsQueryOptions = (filter: DiscussionListFilter) =>
  infiniteQueryOptions({
    queryKey: discussionListKey(filter),
    queryFn: ({ pageParam }) => getDiscussionsPage(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useDiscussions(filter: DiscussionListFilter) {
  return useInfiniteQuery(discussionsQueryOptions(filter));
}
