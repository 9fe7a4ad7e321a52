import { forumRoutes, type DiscussionCreate, type DiscussionDetail } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withSendKey } from '../../../lib/idempotency.ts';
import { DISCUSSION_LISTS_KEY, FORUM_LEVELS_KEY, TOPICS_KEY } from './forum-query-keys.ts';

/**
 * The service creates the discussion, then its poll and the links to the uploaded attachments, in
 * one transaction: a failed poll or link leaves no half-made discussion behind.
 */
export async function createDiscussion(request: DiscussionCreate): Promise<DiscussionDetail> {
  return withSendKey(`discussion:${JSON.stringify(request)}`, (key) =>
    callRoute(forumRoutes.createDiscussion, { body: request }, { [IDEMPOTENCY_HEADER]: key }),
  );
}

/** A new discussion changes the lists and its topic's and level forum's discussion counts. */
export function useCreateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscussion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DISCUSSION_LISTS_KEY }),
        queryClient.invalidateQueries({ queryKey: TOPICS_KEY }),
        queryClient.invalidateQueries({ queryKey: FORUM_LEVELS_KEY }),
      ]),
  });
}
