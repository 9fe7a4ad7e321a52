import { forumRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { POLL_STALE_MS, pollKey } from './forum-query-keys.ts';

export const getPoll = (discussionId: string) => callRoute(forumRoutes.getPoll, { params: { id: discussionId } });

export const pollQueryOptions = (discussionId: string) =>
  queryOptions({
    queryKey: pollKey(discussionId),
    queryFn: () => getPoll(discussionId),
    staleTime: POLL_STALE_MS,
  });

/** Asked only of a discussion that has a poll: the others answer 404. */
export function usePoll(discussionId: string, hasPoll: boolean) {
  return useQuery({ ...pollQueryOptions(discussionId), enabled: hasPoll });
}
