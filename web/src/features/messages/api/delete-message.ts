import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dmRoutes, type DirectMessage } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { applyMessageDeleted, applyOwnBytes } from './live-cache.ts';
import { CONVERSATIONS_KEY } from './message-query-keys.ts';

export interface DeleteMessageRequest {
  message: DirectMessage;
  viewerId: string;
}

export async function deleteMessage({ message }: DeleteMessageRequest): Promise<void> {
  await callRoute(dmRoutes.deleteMessage, { params: { messageId: message.id } });
}

/**
 * Deleting frees the message's bytes: it leaves the thread and its bytes the quota in place. Only
 * when it was the conversation's last message is the list asked again (its new last message may not
 * be loaded here).
 */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_answer, { message, viewerId }) => {
      const { wasLast } = applyMessageDeleted(queryClient, viewerId, {
        messageId: message.id,
        senderId: message.senderId,
        recipientId: message.recipientId,
      });
      applyOwnBytes(queryClient, message.recipientId, -message.messageSizeBytes, -1);
      if (wasLast) void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
    },
  });
}
