import { forumRoutes, type ForumModeratorCreate } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { FORUM_MODERATORS_KEY } from './admin-query-keys.ts';

export async function grantModerator(body: ForumModeratorCreate) {
  return callRoute(forumRoutes.grantModerator, { body });
}

export function useGrantModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantModerator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORUM_MODERATORS_KEY }),
  });
}
