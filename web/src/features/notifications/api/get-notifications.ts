import { realtimeRoutes, type NotificationDetail } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

/** The notifications resource key: every notification read (count, pages, preferences) nests under it. */
export const NOTIFICATIONS_QUERY_KEY = routeQueryKey(realtimeRoutes.listNotifications);

export const getNotifications = (): Promise<NotificationDetail[]> => callRoute(realtimeRoutes.listNotifications, {});

export const notificationsQueryOptions = queryOptions({
  queryKey: NOTIFICATIONS_QUERY_KEY,
  queryFn: getNotifications,
  // The list keeps its own freshness, apart from the rest of notifications.
  staleTime: 2 * 60_000,
  gcTime: 15 * 60_000,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
