import { forumRoutes, type PostReportCreate } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** Reports a discussion (no replyId) or one of its replies to the admins' review queue. */
export function reportPost({
  discussionId,
  replyId,
  ...body
}: PostReportCreate & { discussionId: string; replyId?: string }) {
  return replyId
    ? callRoute(forumRoutes.reportReply, { params: { id: discussionId, replyId }, body })
    : callRoute(forumRoutes.reportDiscussion, { params: { id: discussionId }, body });
}

export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
