import { forumRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_SUBCATEGORIES_KEY, ADMIN_SUBCATEGORIES_QUERY } from './admin-query-keys.ts';

/** Every forum category (subcategory), inactive ones too. */
export const getAdminSubcategories = () => callRoute(forumRoutes.listTopics, { query: ADMIN_SUBCATEGORIES_QUERY });

export const adminSubcategoriesQueryOptions = queryOptions({
  queryKey: ADMIN_SUBCATEGORIES_KEY,
  queryFn: getAdminSubcategories,
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminSubcategories() {
  return useQuery(adminSubcategoriesQueryOptions);
}
