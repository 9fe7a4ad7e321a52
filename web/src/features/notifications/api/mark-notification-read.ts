import { realtimeRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications.ts';

export async function markNotificationRead(id: string): Promise<void> {
  await callRoute(realtimeRoutes.markNotificationRead, { params: { id } });
}

/** Invalidates the list and the unread count, which both sit under the notifications key. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
