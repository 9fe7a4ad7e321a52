import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dmRoutes, type DirectMessage } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { applyMessageEdited, applyOwnBytes } from './live-cache.ts';

export interface EditMessageRequest {
  message: DirectMessage;
  content: string;
  viewerId: string;
}

export async function editMessage({ message, content }: EditMessageRequest): Promise<DirectMessage> {
  return callRoute(dmRoutes.editMessage, { params: { messageId: message.id }, body: { content } });
}

/** The edited message replaces the shown one in place; the quota takes the size change. */
export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: (edited, { message, viewerId }) => {
      applyMessageEdited(queryClient, viewerId, edited);
      applyOwnBytes(queryClient, edited.recipientId, edited.messageSizeBytes - message.messageSizeBytes);
    },
  });
}
