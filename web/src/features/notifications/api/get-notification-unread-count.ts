import { realtimeRoutes, type CountResponse } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';
import { useLiveFallbackInterval } from '../../../lib/live-socket/live-socket-context.tsx';

export const NOTIFICATION_UNREAD_COUNT_QUERY_KEY = routeQueryKey(realtimeRoutes.notificationUnreadCount);

export const getNotificationUnreadCount = (): Promise<CountResponse> =>
  callRoute(realtimeRoutes.notificationUnreadCount, {});

export const notificationUnreadCountQueryOptions = queryOptions({
  queryKey: NOTIFICATION_UNREAD_COUNT_QUERY_KEY,
  queryFn: getNotificationUnreadCount,
  // The count has its own freshness, apart from the rest of notifications.
  staleTime: 2 * 60_000,
  gcTime: 10 * 60_000,
});

/** The socket's notification events refresh it; it polls only while the socket is down. */
const UNREAD_FALLBACK_POLL_MS = 60_000;

export function useNotificationUnreadCount() {
  const refetchInterval = useLiveFallbackInterval(UNREAD_FALLBACK_POLL_MS);
  return useQuery({ ...notificationUnreadCountQueryOptions, refetchInterval });
}
