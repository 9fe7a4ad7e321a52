import { adminRoutes, authRoutes, forumRoutes, type ReviewQueueQuery, type ReviewResolve } from '@crucible/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, ADMIN_LIST_STALE_MS, ADMIN_REVIEW_QUEUE_KEY, ADMIN_USERS_KEY } from './admin-query-keys.ts';

// The queue and its one action share a cache entry, so they live together.

export const reviewQueueQueryOptions = (query: ReviewQueueQuery) =>
  queryOptions({
    queryKey: [...ADMIN_REVIEW_QUEUE_KEY, query],
    queryFn: () => callRoute(adminRoutes.reviewQueue, { query }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

export function useReviewQueue(query: ReviewQueueQuery) {
  return useQuery(reviewQueueQueryOptions(query));
}

/**
 * What the queue's action does. The effects that belong to other services go to them first, each
 * audited there with the moderator's reason: a suspension or deactivation to auth, a forum post's
 * deletion to forum. A message's deletion and a warning happen in the admin service's resolve,
 * which then closes the reports.
 */
export interface ReviewAction extends ReviewResolve {
  authorId: string;
  /** For a forum post: the discussion it is in (and the reply, when it is one). */
  discussion: { id: string; replyId: string | null } | null;
  /** For a suspension: when it ends. */
  until?: string;
}

export async function resolveReviewItem({ authorId, discussion, until, ...resolve }: ReviewAction) {
  const reason = resolve.notes || 'Reported content';
  if (resolve.outcome === 'suspend' && until)
    await callRoute(authRoutes.suspendAdminUser, { params: { id: authorId }, body: { until, reason } });
  if (resolve.outcome === 'ban') await callRoute(authRoutes.deactivateAdminUser, { params: { id: authorId } });
  if (resolve.outcome === 'delete' && discussion) {
    if (discussion.replyId)
      await callRoute(forumRoutes.deleteReply, {
        params: { id: discussion.id, replyId: discussion.replyId },
        body: { reason },
      });
    else await callRoute(forumRoutes.deleteDiscussion, { params: { id: discussion.id }, body: { reason } });
  }
  return callRoute(adminRoutes.resolveReviewItem, { body: resolve });
}

export function useResolveReviewItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReviewItem,
    onSuccess: () =>
      Promise.all(
        [ADMIN_REVIEW_QUEUE_KEY, ADMIN_AUDIT_KEY, ADMIN_USERS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
