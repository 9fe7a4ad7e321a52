import { forumRoutes, type Reply, type ReplyPatch } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { discussionKey } from './forum-query-keys.ts';

export interface ReplyUpdateRequest {
  discussionId: string;
  replyId: string;
  patch: ReplyPatch;
}

/** An edit of a reply by its author, a moderator or an admin, or hiding it (moderators). */
export async function updateReply({ discussionId, replyId, patch }: ReplyUpdateRequest): Promise<Reply> {
  return callRoute(forumRoutes.updateReply, { params: { id: discussionId, replyId }, body: patch });
}

/** The discussion's replies (and its count, for a hide) load again. */
export function useUpdateReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReply,
    onSuccess: (_reply, { discussionId }) => queryClient.invalidateQueries({ queryKey: discussionKey(discussionId) }),
  });
}
