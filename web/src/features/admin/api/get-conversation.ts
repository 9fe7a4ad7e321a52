import { adminRoutes } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_CONVERSATIONS_KEY } from './admin-query-keys.ts';

/** A pair's messages, oldest first, page by page (each view is recorded in the audit log). */
export const adminConversationQueryOptions = (user1Id: string, user2Id: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_CONVERSATIONS_KEY, user1Id, user2Id],
    queryFn: ({ pageParam }) =>
      callRoute(adminRoutes.viewConversation, { params: { user1Id, user2Id }, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Opening the screen again is a new view for the audit log, so it always asks afresh.
    staleTime: 0,
  });

export function useAdminConversation(user1Id: string, user2Id: string) {
  return useInfiniteQuery(adminConversationQueryOptions(user1Id, user2Id));
}
