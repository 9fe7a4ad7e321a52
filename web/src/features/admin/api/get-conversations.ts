import { adminRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

/** The Messages tab shows the first 10 conversations. */
export const CONVERSATIONS_SHOWN = 10;

const query = { limit: CONVERSATIONS_SHOWN };

export const getAdminConversations = () => callRoute(adminRoutes.listConversations, { query });

export const adminConversationsQueryOptions = queryOptions({
  queryKey: routeQueryKey(adminRoutes.listConversations, { query }),
  queryFn: getAdminConversations,
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminConversations() {
  return useQuery(adminConversationsQueryOptions);
}
