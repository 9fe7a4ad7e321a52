import type { Poll } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';
import { POLL_STALE_MS, pollKey } from './forum-query-keys.ts';

export const getPoll = getQueryFn<Poll>({ on401: 'throw' });

export const pollQueryOptions = (discussionId: string) =>
  queryOptions({
    queryKey: pollKey(discussionId),
    queryFn: getPoll,
    staleTime: POLL_STALE_MS,
  });

/** Asked only of a discussion that has a poll: the others answer 404. */
export function usePoll(discussionId: string, hasPoll: boolean) {
  return useQuery({ ...pollQueryOptions(discussionId), enabled: hasPoll });
}
