import { adminRoutes } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_CONVERSATIONS_KEY } from './admin-query-keys.ts';

/**
 * A pair's messages, oldest first, page by page. Reading them is a POST with the admin's reason (each
 * one recorded in the audit log); nothing is asked until the admin has given a reason.
 */
export const adminConversationQueryOptions = (user1Id: string, user2Id: string, reason: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_CONVERSATIONS_KEY, user1Id, user2Id, reason],
    queryFn: ({ pageParam }) =>
      callRoute(adminRoutes.viewConversation, { params: { user1Id, user2Id }, body: { reason, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: reason.length > 0,
    // Opening the screen again is a new view for the audit log, so it always asks afresh.
    staleTime: 0,
    gcTime: 0,
  });

export function useAdminConversation(user1Id: string, user2Id: string, reason: string) {
  return useInfiniteQuery(adminConversationQueryOptions(user1Id, user2Id, reason));
}
