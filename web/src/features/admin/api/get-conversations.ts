import { adminRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_CONVERSATIONS_KEY, ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

/** Spec 3 section 9: the Messages tab shows the first 10 conversations. */
export const CONVERSATIONS_SHOWN = 10;

export const adminConversationsQueryOptions = queryOptions({
  queryKey: [...ADMIN_CONVERSATIONS_KEY, 'list'],
  queryFn: () => callRoute(adminRoutes.listConversations, { query: { limit: CONVERSATIONS_SHOWN } }),
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAdminConversations() {
  return useQuery(adminConversationsQueryOptions);
}
