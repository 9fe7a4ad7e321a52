import { forumRoutes, type DiscussionDetail, type DiscussionPatch } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { DISCUSSION_LISTS_KEY, TOPICS_KEY, discussionKey } from './forum-query-keys.ts';

export interface DiscussionUpdateRequest {
  discussionId: string;
  patch: DiscussionPatch;
}

/** An edit by its author, a moderator or an admin, or a moderation change (lock, pin, hide, move). */
export async function updateDiscussion({ discussionId, patch }: DiscussionUpdateRequest): Promise<DiscussionDetail> {
  return callRoute(forumRoutes.updateDiscussion, { params: { id: discussionId }, body: patch });
}

/** The page shows the answer at once; the lists (titles, pins, topics' counts) load again. */
export function useUpdateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscussion,
    onSuccess: (discussion) => {
      queryClient.setQueryData(discussionKey(discussion.id), discussion);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: DISCUSSION_LISTS_KEY }),
        queryClient.invalidateQueries({ queryKey: TOPICS_KEY }),
        queryClient.invalidateQueries({ queryKey: [...discussionKey(discussion.id), 'revisions'] }),
      ]);
    },
  });
}
