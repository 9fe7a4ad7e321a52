import { profileRoutes, type ProfileFormSave } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import type { ProfileFields } from '../profile-rules.ts';
import { userKey } from './profile-query-keys.ts';

/** What the edit page saves: proto's form save, whose profile also carries a changed picture. */
export type ProfileFormDraft = Omit<ProfileFormSave, 'profile'> & { profile: ProfileFields };

/**
 * The whole edit form in one call and one transaction (the profile service's PUT profile-form), so
 * a failure half way never leaves a member without their work history. A changed picture goes
 * first through its own call: the service re-encodes it and the form's patch does not carry it.
 */
export async function saveProfileForm(
  userId: string,
  { profile: { picture, ...profile }, ...lists }: ProfileFormDraft,
) {
  const params = { id: userId };
  if (picture === null) await callRoute(profileRoutes.deletePicture, { params });
  else if (picture !== undefined) await callRoute(profileRoutes.uploadPicture, { params, body: { dataUrl: picture } });
  return callRoute(profileRoutes.saveProfileForm, { params, body: { profile, ...lists } });
}

export function useSaveProfileForm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ProfileFormDraft) => saveProfileForm(userId, form),
    // The profile, workplaces and education are refreshed after success.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKey(userId) }),
  });
}
