import { adminRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import {
  ADMIN_AUDIT_KEY,
  ADMIN_CONVERSATIONS_KEY,
  ADMIN_FLAGS_KEY,
  ADMIN_MESSAGES_KEY,
  ADMIN_REPORTS_KEY,
  ADMIN_REVIEW_QUEUE_KEY,
} from './admin-query-keys.ts';

export type BulkAction = 'delete' | 'flag';

export interface BulkRequest {
  action: BulkAction;
  messageIds: string[];
  reason: string;
  /** Flags only; 1 by default. */
  priority?: number;
}

/** Delete or flag the chosen messages; answers how many were affected. */
export async function bulkModerate({ action, messageIds, reason, priority }: BulkRequest): Promise<number> {
  if (action === 'delete')
    return (await callRoute(adminRoutes.bulkDeleteMessages, { body: { messageIds, reason } })).count;
  return (await callRoute(adminRoutes.bulkFlagMessages, { body: { messageIds, reason, priority } })).count;
}

/** Moderation changes the message lists, the conversations (and their pages), the flags, the reports' messages and the audit log. */
export function useBulkModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkModerate,
    onSuccess: () =>
      Promise.all(
        [
          ADMIN_MESSAGES_KEY,
          ADMIN_CONVERSATIONS_KEY,
          ADMIN_FLAGS_KEY,
          ADMIN_REPORTS_KEY,
          ADMIN_REVIEW_QUEUE_KEY,
          ADMIN_AUDIT_KEY,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
