import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dmRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { CONVERSATIONS_KEY, QUOTA_KEY, messagesKey } from './message-query-keys.ts';

export interface DeleteMessageRequest {
  messageId: string;
  /** The conversation it belongs to, whose thread is refreshed. */
  otherUserId: string;
}

export async function deleteMessage({ messageId }: DeleteMessageRequest): Promise<void> {
  await callRoute(dmRoutes.deleteMessage, { params: { messageId } });
}

/** Deleting frees the message's bytes: the thread, the list and the quota (with its breakdown) change. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_answer, { otherUserId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesKey(otherUserId) }),
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: QUOTA_KEY }),
      ]),
  });
}
