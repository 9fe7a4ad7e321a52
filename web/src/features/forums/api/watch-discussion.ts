import { forumRoutes, type DiscussionDetail } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { discussionKey } from './forum-query-keys.ts';

export interface WatchRequest {
  discussionId: string;
  watch: boolean;
}

export async function setWatching({ discussionId, watch }: WatchRequest): Promise<void> {
  if (watch) await callRoute(forumRoutes.watchDiscussion, { params: { id: discussionId } });
  else await callRoute(forumRoutes.unwatchDiscussion, { params: { id: discussionId } });
}

/** The bell shows the server's answer: the discussion's isWatched is set once the call succeeds. */
export function useSetWatching() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWatching,
    onSuccess: (_nothing, { discussionId, watch }) =>
      queryClient.setQueryData<DiscussionDetail>(discussionKey(discussionId), (current) =>
        current ? { ...current, isWatched: watch } : current,
      ),
  });
}
