import { realtimeRoutes, type NotificationPreferences, type NotificationPreferencesUpdate } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { NOTIFICATION_PREFERENCES_QUERY_KEY } from './get-notification-preferences.ts';

export function updateNotificationPreferences(update: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
  return callRoute(realtimeRoutes.updateNotificationPreferences, { body: update });
}

/** The answer is the whole set: it replaces the cached one, no refetch. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(NOTIFICATION_PREFERENCES_QUERY_KEY, preferences),
  });
}
