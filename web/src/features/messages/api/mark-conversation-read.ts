import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dmRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { applyConversationRead } from './live-cache.ts';

export interface MarkConversationReadRequest {
  partnerId: string;
  viewerId: string;
}

export async function markConversationRead({ partnerId }: MarkConversationReadRequest): Promise<{ readAt: string }> {
  return callRoute(dmRoutes.readAll, { params: { userId: partnerId } });
}

/**
 * Reading changes the conversation's unread count, the navigation's badge and the messages' read
 * state, all set in place from the answer: reading costs this one call and no refetch.
 */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: ({ readAt }, { partnerId, viewerId }) => applyConversationRead(queryClient, viewerId, partnerId, readAt),
  });
}
