import { adminRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_MESSAGES_KEY } from './admin-query-keys.ts';

/** Spec 3 section 9: the first 20 recent messages. */
export const RECENT_MESSAGES_SHOWN = 20;

export const adminDirectMessagesQueryOptions = (limit: number = RECENT_MESSAGES_SHOWN) =>
  queryOptions({
    queryKey: [...ADMIN_MESSAGES_KEY, limit],
    queryFn: () => callRoute(adminRoutes.listDirectMessages, { query: { limit } }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

export function useAdminDirectMessages(limit?: number) {
  return useQuery(adminDirectMessagesQueryOptions(limit));
}
