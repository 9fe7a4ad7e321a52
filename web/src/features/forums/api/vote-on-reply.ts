import { forumRoutes, type PostVoteType, type PostVotes } from '@crucible/proto';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { votesAfter, votesOf } from '../post-votes.ts';
import type { ReplyPage } from './get-replies.ts';
import { repliesKey } from './forum-query-keys.ts';

export interface ReplyVoteRequest {
  discussionId: string;
  replyId: string;
  /** null withdraws the member's vote. */
  voteType: PostVoteType | null;
}

export async function voteOnReply({ discussionId, replyId, voteType }: ReplyVoteRequest): Promise<PostVotes> {
  return callRoute(forumRoutes.voteOnReply, { params: { id: discussionId, replyId }, body: { voteType } });
}

/**
 * The reply shows the vote at once and the server's counts when it answers; a failed vote puts
 * back that reply's counts only (replies loaded meanwhile stay).
 */
export function useVoteOnReply() {
  const queryClient = useQueryClient();
  const setVotes = (discussionId: string, replyId: string, votes: (current: PostVotes) => PostVotes) =>
    queryClient.setQueryData<InfiniteData<ReplyPage, string | undefined>>(repliesKey(discussionId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((reply) => (reply.id === replyId ? { ...reply, ...votes(reply) } : reply)),
            })),
          }
        : data,
    );
  return useMutation({
    mutationFn: voteOnReply,
    onMutate: async ({ discussionId, replyId, voteType }) => {
      await queryClient.cancelQueries({ queryKey: repliesKey(discussionId) });
      const reply = queryClient
        .getQueryData<InfiniteData<ReplyPage, string | undefined>>(repliesKey(discussionId))
        ?.pages.flatMap((page) => page.items)
        .find((item) => item.id === replyId);
      if (!reply) return { previous: null };
      setVotes(discussionId, replyId, (current) => votesAfter(current, voteType));
      return { previous: votesOf(reply) };
    },
    onSuccess: (votes, { discussionId, replyId }) => setVotes(discussionId, replyId, () => votes),
    onError: (_error, { discussionId, replyId }, context) => {
      const previous = context?.previous;
      if (previous) setVotes(discussionId, replyId, () => previous);
    },
  });
}
