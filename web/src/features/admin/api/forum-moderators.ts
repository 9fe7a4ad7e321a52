import { forumRoutes, type ForumModeratorCreate } from '@crucible/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, FORUM_MODERATORS_KEY } from './admin-query-keys.ts';

// The three moderator calls share one cache entry, so they live together.

export const forumModeratorsQueryOptions = queryOptions({
  queryKey: FORUM_MODERATORS_KEY,
  queryFn: () => callRoute(forumRoutes.listModerators, {}),
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useForumModerators() {
  return useQuery(forumModeratorsQueryOptions);
}

export async function grantModerator(body: ForumModeratorCreate) {
  return callRoute(forumRoutes.grantModerator, { body });
}

export async function revokeModerator(id: string) {
  await callRoute(forumRoutes.revokeModerator, { params: { id } });
}

export function useGrantModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantModerator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORUM_MODERATORS_KEY }),
  });
}

export function useRevokeModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeModerator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORUM_MODERATORS_KEY }),
  });
}
