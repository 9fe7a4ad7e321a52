import { NEXT_CURSOR_HEADER, type DiscussionSummary } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { discussionListKey, type DiscussionListFilter } from './forum-query-keys.ts';

export interface DiscussionPage {
  items: DiscussionSummary[];
  /** The cursor of the next (older) page, from the X-Next-Cursor header; null on the last page. */
  nextCursor: string | null;
}

/** One page, newest first; the list stays an array and the next page's cursor travels in a header. */
export async function getDiscussionsPage(filter: DiscussionListFilter, before?: string): Promise<DiscussionPage> {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (filter.subcategoryId) params.set('subcategoryId', filter.subcategoryId);
  if (before) params.set('before', before);
  const query = params.toString();
  const response = await apiRequest('GET', `/api/discussions${query ? `?${query}` : ''}`);
  return { items: (await response.json()) as DiscussionSummary[], nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
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
