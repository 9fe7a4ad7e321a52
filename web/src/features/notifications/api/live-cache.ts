import type { CountResponse, NotificationDetail } from '@crucible/proto';
import type { QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_UNREAD_COUNT_QUERY_KEY } from './get-notification-unread-count.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

/**
 * A pushed notification, new or a group that grew, put in the cached list (at the top, in place of
 * its earlier self) and counted once in the unread count: the bell costs no request per event. A
 * group grows only while it is unread, so one past its first item is already counted.
 */
export function applyNotification(queryClient: QueryClient, notification: NotificationDetail): void {
  queryClient.setQueryData<NotificationDetail[]>(NOTIFICATIONS_QUERY_KEY, (list) =>
    list ? [notification, ...list.filter((entry) => entry.id !== notification.id)] : list,
  );
  if (notification.isRead || notification.count > 1) return;
  queryClient.setQueryData<CountResponse>(NOTIFICATION_UNREAD_COUNT_QUERY_KEY, (count) =>
    count ? { count: count.count + 1 } : count,
  );
}

/** Notifications the server marked read (all were unread): the list shows them read, the count drops. */
export function applyNotificationsRead(queryClient: QueryClient, ids: string[]): void {
  const read = new Set(ids);
  queryClient.setQueryData<NotificationDetail[]>(NOTIFICATIONS_QUERY_KEY, (list) =>
    list?.map((entry) => (read.has(entry.id) ? { ...entry, isRead: true } : entry)),
  );
  queryClient.setQueryData<CountResponse>(NOTIFICATION_UNREAD_COUNT_QUERY_KEY, (count) =>
    count ? { count: Math.max(0, count.count - ids.length) } : count,
  );
}
