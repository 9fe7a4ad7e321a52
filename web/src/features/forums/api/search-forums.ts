import type { SearchQuery, SearchResponse } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { SEARCH_KEY } from './forum-query-keys.ts';

export type ForumSearch = Pick<SearchQuery, 'query' | 'category' | 'sortBy'>;

export async function searchForums(search: ForumSearch, offset: number): Promise<SearchResponse> {
  const params = new URLSearchParams({ query: search.query, category: search.category, sortBy: search.sortBy });
  if (offset > 0) params.set('offset', String(offset));
  const response = await apiRequest('GET', `/api/search?${params.toString()}`);
  return (await response.json()) as SearchResponse;
}

export const searchQueryOptions = (search: ForumSearch) =>
  infiniteQueryOptions({
    queryKey: [...SEARCH_KEY, search],
    queryFn: ({ pageParam }) => searchForums(search, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextOffset ?? undefined,
  });

/** Runs only once a search has been submitted. */
export function useForumSearch(search: ForumSearch | null) {
  return useInfiniteQuery({ ...searchQueryOptions(search ?? { query: '', category: 'all', sortBy: 'relevance' }), enabled: search !== null });
}
