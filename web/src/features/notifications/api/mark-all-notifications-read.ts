import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

export async function markAllNotificationsRead(): Promise<void> {
  await apiRequest('PUT', '/api/notifications/read-all');
}

/** Invalidates the list and the unread count, which both sit under the notifications key. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
