import { forumRoutes, type DiscussionDetail, type PostVoteType, type PostVotes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { votesAfter, votesOf } from '../post-votes.ts';
import { DISCUSSION_LISTS_KEY, discussionKey } from './forum-query-keys.ts';

export interface DiscussionVoteRequest {
  discussionId: string;
  /** null withdraws the member's vote. */
  voteType: PostVoteType | null;
}

export async function voteOnDiscussion({ discussionId, voteType }: DiscussionVoteRequest): Promise<PostVotes> {
  return callRoute(forumRoutes.voteOnDiscussion, { params: { id: discussionId }, body: { voteType } });
}

/**
 * The discussion shows the vote at once and the server's counts when it answers; a failed vote
 * puts the counts back. The lists show the counts too and are read again.
 */
export function useVoteOnDiscussion() {
  const queryClient = useQueryClient();
  const setVotes = (discussionId: string, votes: PostVotes) =>
    queryClient.setQueryData<DiscussionDetail>(discussionKey(discussionId), (discussion) =>
      discussion ? { ...discussion, ...votes } : discussion,
    );
  return useMutation({
    mutationFn: voteOnDiscussion,
    onMutate: async ({ discussionId, voteType }) => {
      // Only the discussion itself: its replies and poll (under the same key) are left alone.
      await queryClient.cancelQueries({ queryKey: discussionKey(discussionId), exact: true });
      const discussion = queryClient.getQueryData<DiscussionDetail>(discussionKey(discussionId));
      if (!discussion) return { previous: null };
      setVotes(discussionId, votesAfter(discussion, voteType));
      return { previous: votesOf(discussion) };
    },
    onSuccess: (votes, { discussionId }) => setVotes(discussionId, votes),
    onError: (_error, { discussionId }, context) => {
      if (context?.previous) setVotes(discussionId, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DISCUSSION_LISTS_KEY }),
  });
}
