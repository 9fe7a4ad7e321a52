import { realtimeRoutes, type NotificationPreferences } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

export const NOTIFICATION_PREFERENCES_QUERY_KEY = routeQueryKey(realtimeRoutes.getNotificationPreferences);

export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return callRoute(realtimeRoutes.getNotificationPreferences, {});
}

export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY,
  queryFn: getNotificationPreferences,
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions);
}
