import { forumRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { DISCUSSION_LISTS_KEY, TOPICS_KEY, discussionKey } from './forum-query-keys.ts';

export interface PostDeleteRequest {
  discussionId: string;
  /** Absent: the discussion itself. */
  replyId?: string;
  /** A moderator deleting another member's post says why (the author is told). */
  reason?: string;
}

export async function deletePost({ discussionId, replyId, reason }: PostDeleteRequest): Promise<void> {
  const body = reason ? { reason } : {};
  if (replyId) await callRoute(forumRoutes.deleteReply, { params: { id: discussionId, replyId }, body });
  else await callRoute(forumRoutes.deleteDiscussion, { params: { id: discussionId }, body });
}

/** A deleted reply leaves a placeholder (its discussion loads again); a deleted discussion leaves the lists. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: async (_nothing, { discussionId, replyId }) => {
      if (replyId) {
        await queryClient.invalidateQueries({ queryKey: discussionKey(discussionId) });
        return;
      }
      queryClient.removeQueries({ queryKey: discussionKey(discussionId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DISCUSSION_LISTS_KEY }),
        queryClient.invalidateQueries({ queryKey: TOPICS_KEY }),
      ]);
    },
  });
}
