import { profileRoutes, type ProfilePatch } from '@crucible/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, ADMIN_MEMBERS_KEY } from './admin-query-keys.ts';

// The profile a correction starts from and the correction share a cache entry, so they live together.

export const memberProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...ADMIN_MEMBERS_KEY, userId, 'profile'],
    queryFn: () => callRoute(profileRoutes.getProfile, { params: { id: userId } }),
  });

export function useMemberProfile(userId: string) {
  return useQuery(memberProfileQueryOptions(userId));
}

/** An admin's correction of a member's profile fields; the profile service audits it with the admin's name. */
export function useCorrectMemberProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfilePatch) => callRoute(profileRoutes.patchProfile, { params: { id: userId }, body: patch }),
    onSuccess: () =>
      Promise.all(
        [[...ADMIN_MEMBERS_KEY, userId], ADMIN_AUDIT_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
