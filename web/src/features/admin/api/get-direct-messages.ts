import { adminRoutes, type AdminDirectMessagesQuery } from '@crucible/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_MESSAGES_KEY } from './admin-query-keys.ts';

/** Spec 3 section 9: the first 20 recent messages. */
export const RECENT_MESSAGES_SHOWN = 20;

/** Every kept message, newest first, searched by member, text and dates (empty values search nothing). */
export const adminDirectMessagesQueryOptions = (query: AdminDirectMessagesQuery = { limit: RECENT_MESSAGES_SHOWN }) =>
  queryOptions({
    queryKey: [...ADMIN_MESSAGES_KEY, query],
    queryFn: () => callRoute(adminRoutes.listDirectMessages, { query: { ...query, q: query.q || undefined } }),
    staleTime: ADMIN_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export function useAdminDirectMessages(query?: AdminDirectMessagesQuery) {
  return useQuery(adminDirectMessagesQueryOptions(query));
}
