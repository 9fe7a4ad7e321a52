import { forumRoutes } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { discussionKey } from './forum-query-keys.ts';

/** A post's earlier versions (moderators in scope and admins): the discussion's, or one reply's. */
export function getRevisions(discussionId: string, replyId?: string) {
  return replyId
    ? callRoute(forumRoutes.listReplyRevisions, { params: { id: discussionId, replyId } })
    : callRoute(forumRoutes.listDiscussionRevisions, { params: { id: discussionId } });
}

export function useRevisions(discussionId: string, replyId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...discussionKey(discussionId), 'revisions', replyId ?? 'discussion'],
    queryFn: () => getRevisions(discussionId, replyId),
    enabled,
  });
}
