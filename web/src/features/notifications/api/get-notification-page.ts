import { realtimeRoutes, type NotificationPage } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

const unreadQuery = (unreadOnly: boolean) => ({ unread: unreadOnly ? 'true' : 'false' }) as const;

/** Under the notifications key, so marking read (which invalidates it) refreshes the page too. */
export const notificationPageKey = (unreadOnly: boolean) =>
  routeQueryKey(realtimeRoutes.listNotificationPage, { query: unreadQuery(unreadOnly) });

/** One page of the member's notifications, newest first; the cursor asks for older ones. */
export function getNotificationPage(unreadOnly: boolean, cursor?: string): Promise<NotificationPage> {
  return callRoute(realtimeRoutes.listNotificationPage, {
    query: { cursor, ...unreadQuery(unreadOnly) },
  });
}

export const notificationPageQueryOptions = (unreadOnly: boolean) =>
  infiniteQueryOptions({
    queryKey: notificationPageKey(unreadOnly),
    queryFn: ({ pageParam }) => getNotificationPage(unreadOnly, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? (lastPage.nextCursor ?? undefined) : undefined),
  });

export function useNotificationPage(unreadOnly: boolean) {
  return useInfiniteQuery(notificationPageQueryOptions(unreadOnly));
}
