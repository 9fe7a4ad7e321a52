import { realtimeRoutes } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/**
 * The member opened the discussion: its notifications (replies, mentions) are read. The realtime
 * service tells the member's tabs which ones over the socket, and the bell follows from that push.
 */
export const readDiscussionNotifications = (discussionId: string) =>
  callRoute(realtimeRoutes.markDiscussionNotificationsRead, { params: { discussionId } });

export function useReadDiscussionNotifications() {
  return useMutation({ mutationFn: readDiscussionNotifications });
}
