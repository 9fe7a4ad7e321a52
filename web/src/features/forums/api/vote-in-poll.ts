import type { Poll } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { DISCUSSION_LISTS_KEY, pollKey } from './forum-query-keys.ts';

export async function voteInPoll({ discussionId, optionId }: { discussionId: string; optionId: string }): Promise<Poll> {
  const response = await apiRequest('POST', `/api/discussions/${encodeURIComponent(discussionId)}/poll/vote`, { optionId });
  return (await response.json()) as Poll;
}

/** Spec 2 section 4: after a vote the poll is read again and the discussion lists are invalidated. */
export function useVoteInPoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteInPoll,
    onSuccess: (_poll, { discussionId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: pollKey(discussionId) }), queryClient.invalidateQueries({ queryKey: DISCUSSION_LISTS_KEY })]),
  });
}
