import { adminRoutes, type ReviewResolve } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, ADMIN_MEMBERS_KEY, ADMIN_REVIEW_QUEUE_KEY, ADMIN_USERS_KEY } from './admin-query-keys.ts';

/**
 * The queue's one action: the admin service carries out the outcome's consequence (a deletion, a
 * suspension until `until`, a deactivation) and closes the reports in the same call.
 */
export function resolveReviewItem(body: ReviewResolve) {
  return callRoute(adminRoutes.resolveReviewItem, { body });
}

export function useResolveReviewItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReviewItem,
    onSuccess: () =>
      Promise.all(
        [ADMIN_REVIEW_QUEUE_KEY, ADMIN_AUDIT_KEY, ADMIN_USERS_KEY, ADMIN_MEMBERS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
