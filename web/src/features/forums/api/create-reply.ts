import { forumRoutes, type Reply } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withSendKey } from '../../../lib/idempotency.ts';
import { DISCUSSION_LISTS_KEY, discussionKey } from './forum-query-keys.ts';

export interface ReplyRequest {
  discussionId: string;
  content: string;
  /** Uploads made in the reply dialog, linked to the reply as it is created. */
  attachmentIds: string[];
  /** The reply this one answers and quotes, if any. */
  quotedReplyId?: string;
}

export async function createReply({
  discussionId,
  content,
  attachmentIds,
  quotedReplyId,
}: ReplyRequest): Promise<Reply> {
  const body = {
    content,
    ...(attachmentIds.length ? { attachmentIds } : {}),
    ...(quotedReplyId ? { quotedReplyId, parentReplyId: quotedReplyId } : {}),
  };
  return withSendKey(`reply:${discussionId}:${quotedReplyId ?? ''}:${content}`, (key) =>
    callRoute(forumRoutes.createReply, { params: { id: discussionId }, body }, { [IDEMPOTENCY_HEADER]: key }),
  );
}

/** A reply changes the discussion's replies and reply count, and the lists that show the last reply. */
export function useCreateReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReply,
    onSuccess: (_reply, { discussionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discussionKey(discussionId) }),
        queryClient.invalidateQueries({ queryKey: DISCUSSION_LISTS_KEY }),
      ]),
  });
}
