import { forumRoutes, type SearchQuery, type SearchResponse } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { SEARCH_KEY } from './forum-query-keys.ts';

export type ForumSearch = Pick<SearchQuery, 'query' | 'category' | 'sortBy'>;

export async function searchForums(search: ForumSearch, offset: number): Promise<SearchResponse> {
  return callRoute(forumRoutes.search, {
    query: {
      query: search.query,
      category: search.category,
      sortBy: search.sortBy,
      offset: offset > 0 ? offset : undefined,
    },
  });
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
  return useInfiniteQuery({
    ...searchQueryOptions(search ?? { query: '', category: 'all', sortBy: 'relevance' }),
    enabled: search !== null,
  });
}
