import { forumRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { FORUM_MODERATORS_KEY } from './admin-query-keys.ts';

export async function revokeModerator(id: string) {
  await callRoute(forumRoutes.revokeModerator, { params: { id } });
}

export function useRevokeModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeModerator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORUM_MODERATORS_KEY }),
  });
}
