import { realtimeRoutes, type NotificationPage } from '@crucible/proto';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

/** Under the notifications key, so marking read (which invalidates it) refreshes the page too. */
export const notificationPageKey = (unreadOnly: boolean) =>
  [...NOTIFICATIONS_QUERY_KEY, 'page', { unreadOnly }] as const;

/** One page of the member's notifications, newest first; the cursor asks for older ones. */
export function getNotificationPage(unreadOnly: boolean, cursor?: string): Promise<NotificationPage> {
  return callRoute(realtimeRoutes.listNotificationPage, {
    query: { cursor, unread: unreadOnly ? 'true' : 'false' },
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
