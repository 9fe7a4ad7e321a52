import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';
import type { NotificationDetail } from '@crucible/proto';

export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;

export const getNotifications = getQueryFn<NotificationDetail[]>({ on401: 'throw' });

export const notificationsQueryOptions = queryOptions({
  queryKey: NOTIFICATIONS_QUERY_KEY,
  queryFn: getNotifications,
  // Spec 1 section 9: the list keeps its own freshness, apart from the rest of notifications.
  staleTime: 2 * 60_000,
  gcTime: 15 * 60_000,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
