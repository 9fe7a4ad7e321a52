import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dmRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { CONVERSATIONS_KEY, UNREAD_COUNT_KEY, messagesKey } from './message-query-keys.ts';

export async function markConversationRead(otherUserId: string): Promise<void> {
  await callRoute(dmRoutes.readAll, { params: { userId: otherUserId } });
}

/** Reading changes the conversation's unread count, the navigation's badge and the messages' read state. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_answer, otherUserId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
        queryClient.invalidateQueries({ queryKey: messagesKey(otherUserId) }),
      ]),
  });
}
