import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest('PUT', `/api/notifications/${encodeURIComponent(id)}/read`);
}

/** Invalidates the list and the unread count, which both sit under the notifications key. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
