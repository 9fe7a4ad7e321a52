import { adminRoutes } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

/** One page of a pair's messages; the admin service records the read with its reason in the audit log. */
export const viewAdminConversation = (user1Id: string, user2Id: string, reason: string, cursor?: string) =>
  callRoute(adminRoutes.viewConversation, { params: { user1Id, user2Id }, body: { reason, cursor } });

/**
 * A pair's messages, oldest first, page by page. Reading them is a POST with the admin's reason (each
 * one recorded in the audit log); nothing is asked until the admin has given a reason.
 */
export const adminConversationQueryOptions = (user1Id: string, user2Id: string, reason: string) =>
  infiniteQueryOptions({
    queryKey: [...routeQueryKey(adminRoutes.viewConversation, { params: { user1Id, user2Id } }), reason],
    queryFn: ({ pageParam }) => viewAdminConversation(user1Id, user2Id, reason, pageParam),
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
