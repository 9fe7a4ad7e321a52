import { profileRoutes, type ProfilePatch } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, memberActivityKey } from './admin-query-keys.ts';
import { memberProfileKey } from './get-member-profile.ts';

/** An admin's correction of a member's profile fields; the profile service audits it with the admin's name. */
export const correctMemberProfile = (userId: string, patch: ProfilePatch) =>
  callRoute(profileRoutes.patchProfile, { params: { id: userId }, body: patch });

/** The correction changes the profile, and its audit entry shows in the member's activity and the audit log. */
export function useCorrectMemberProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfilePatch) => correctMemberProfile(userId, patch),
    onSuccess: () =>
      Promise.all(
        [memberProfileKey(userId), memberActivityKey(userId), ADMIN_AUDIT_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
