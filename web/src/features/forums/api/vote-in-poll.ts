import { forumRoutes, type Poll } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { DISCUSSION_LISTS_KEY, pollKey } from './forum-query-keys.ts';

export async function voteInPoll({
  discussionId,
  optionId,
}: {
  discussionId: string;
  optionId: string;
}): Promise<Poll> {
  return callRoute(forumRoutes.votePoll, { params: { id: discussionId }, body: { optionId } });
}

/** After a vote the poll is read again and the discussion lists are invalidated. */
export function useVoteInPoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteInPoll,
    onSuccess: (_poll, { discussionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pollKey(discussionId) }),
        queryClient.invalidateQueries({ queryKey: DISCUSSION_LISTS_KEY }),
      ]),
  });
}
