import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dmRoutes, type DirectMessage, type SendMessageRequest } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withSendKey } from '../../../lib/idempotency.ts';
import { TEMPORARY_ID_PREFIX } from '../message-rules.ts';
import { applyNewMessage, applyOwnBytes, updateThread } from './live-cache.ts';
import { CONVERSATIONS_KEY, messagesKey } from './message-query-keys.ts';

export async function sendMessage(request: SendMessageRequest): Promise<DirectMessage> {
  return withSendKey(`dm:${request.recipientId}:${request.content}`, (key) =>
    callRoute(dmRoutes.sendMessage, { body: request }, { [IDEMPOTENCY_HEADER]: key }),
  );
}

let temporaryIds = 0;

/**
 * The message shows at once under a temporary id, is replaced by the server's
 * message on success and removed again on error (only it: messages polled in meanwhile stay). The
 * conversation list and the quota take the sent message in place; only a first message to someone
 * new fetches the list (its summary is not in the cache to update).
 */
export function useSendMessage(senderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onMutate: async ({ recipientId, content }) => {
      await queryClient.cancelQueries({ queryKey: messagesKey(recipientId) });
      temporaryIds += 1;
      const temporary: DirectMessage = {
        id: `${TEMPORARY_ID_PREFIX}${Date.now()}-${temporaryIds}`,
        content,
        senderId,
        recipientId,
        isRead: false,
        readAt: null,
        createdAt: new Date().toISOString(),
        messageSizeBytes: new TextEncoder().encode(content).length,
        editedAt: null,
      };
      // The first page holds the newest messages.
      updateThread(queryClient, recipientId, (messages, pageIndex) =>
        pageIndex === 0 ? [temporary, ...messages] : messages,
      );
      return { temporaryId: temporary.id };
    },
    onSuccess: (sent, { recipientId }, context) => {
      updateThread(queryClient, recipientId, (messages) =>
        messages.filter((message) => message.id !== context.temporaryId),
      );
      if (!applyNewMessage(queryClient, senderId, sent))
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
      applyOwnBytes(queryClient, recipientId, sent.messageSizeBytes, 1);
    },
    onError: (_error, { recipientId }, context) => {
      if (context)
        updateThread(queryClient, recipientId, (messages) =>
          messages.filter((message) => message.id !== context.temporaryId),
        );
    },
  });
}
