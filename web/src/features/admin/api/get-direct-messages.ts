import { adminRoutes, type AdminDirectMessagesQuery } from '@crucible/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

/** The Messages tab shows the first 20 recent messages. */
export const RECENT_MESSAGES_SHOWN = 20;

/** Every kept message, newest first, searched by member, text and dates (empty values search nothing). */
export const getAdminDirectMessages = (query: AdminDirectMessagesQuery) =>
  callRoute(adminRoutes.listDirectMessages, { query: { ...query, q: query.q || undefined } });

export const adminDirectMessagesQueryOptions = (query: AdminDirectMessagesQuery = { limit: RECENT_MESSAGES_SHOWN }) =>
  queryOptions({
    queryKey: routeQueryKey(adminRoutes.listDirectMessages, { query }),
    queryFn: () => getAdminDirectMessages(query),
    staleTime: ADMIN_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export function useAdminDirectMessages(query?: AdminDirectMessagesQuery) {
  return useQuery(adminDirectMessagesQueryOptions(query));
}
