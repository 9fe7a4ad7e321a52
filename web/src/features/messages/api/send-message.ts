import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { IDEMPOTENCY_HEADER, withSendKey } from '../../../lib/idempotency.ts';
import { TEMPORARY_ID_PREFIX } from '../message-rules.ts';
import { CONVERSATIONS_KEY, QUOTA_KEY, messagesKey } from './message-query-keys.ts';
import type { DirectMessage, MessagePage, SendMessageRequest } from './types.ts';

export async function sendMessage(request: SendMessageRequest): Promise<DirectMessage> {
  return withSendKey(`dm:${request.recipientId}:${request.content}`, async (key) => {
    const response = await apiRequest('POST', '/api/direct-messages', request, { [IDEMPOTENCY_HEADER]: key });
    return (await response.json()) as DirectMessage;
  });
}

type ThreadData = InfiniteData<MessagePage, string | undefined>;

/** Applies `change` to the thread's loaded pages, if the thread is loaded at all. */
function updateThread(
  queryClient: QueryClient,
  otherUserId: string,
  change: (messages: DirectMessage[], pageIndex: number) => DirectMessage[],
) {
  queryClient.setQueryData<ThreadData>(messagesKey(otherUserId), (data) =>
    data
      ? { ...data, pages: data.pages.map((page, index) => ({ ...page, messages: change(page.messages, index) })) }
      : data,
  );
}

let temporaryIds = 0;

/**
 * Spec 2 section 4: the message shows at once under a temporary id, is replaced by the server's
 * message on success and removed again on error (only it: messages polled in meanwhile stay).
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
      };
      // The first page holds the newest messages.
      updateThread(queryClient, recipientId, (messages, pageIndex) =>
        pageIndex === 0 ? [temporary, ...messages] : messages,
      );
      return { temporaryId: temporary.id };
    },
    onSuccess: (sent, { recipientId }, context) => {
      updateThread(queryClient, recipientId, (messages) =>
        messages.map((message) => (message.id === context.temporaryId ? sent : message)),
      );
    },
    onError: (_error, { recipientId }, context) => {
      if (context)
        updateThread(queryClient, recipientId, (messages) =>
          messages.filter((message) => message.id !== context.temporaryId),
        );
    },
    // A send changes the conversation list (last message, counts) and the quota and its breakdown.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: QUOTA_KEY }),
      ]),
  });
}
