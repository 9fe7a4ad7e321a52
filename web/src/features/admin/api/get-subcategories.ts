import { forumRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_SUBCATEGORIES_KEY } from './admin-query-keys.ts';

/** Every forum category (subcategory), inactive ones too. */
export const adminSubcategoriesQueryOptions = queryOptions({
  queryKey: ADMIN_SUBCATEGORIES_KEY,
  queryFn: () => callRoute(forumRoutes.listTopics, { query: { includeInactive: 'true' } }),
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminSubcategories() {
  return useQuery(adminSubcategoriesQueryOptions);
}
