import { forumRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { DISCUSSION_LISTS_KEY } from './forum-query-keys.ts';

/** The member opened the discussion: its replies so far are no longer new to them. */
export const recordVisit = (discussionId: string) =>
  callRoute(forumRoutes.recordVisit, { params: { id: discussionId } });

/** The lists' 'new' counts change with it. */
export function useRecordVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordVisit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISCUSSION_LISTS_KEY }),
  });
}
