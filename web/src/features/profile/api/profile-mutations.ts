import { profileRoutes, type LeadershipInput, type PrivacyPatch, type ProfileFormSave } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api-client.ts';
import type { ProfileFields } from '../profile-rules.ts';
import { leadershipKey, privacyKey, skillsKey, userKey } from './profile-queries.ts';

/** What the edit page saves: proto's form save, whose profile also carries a changed picture. */
export type ProfileFormDraft = Omit<ProfileFormSave, 'profile'> & { profile: ProfileFields };

/** A new skill as the form sends it; the service fills the defaults. */
export type NewSkill = z.input<typeof profileRoutes.addSkill.body>;

/**
 * The whole edit form in one call and one transaction (the profile service's PUT profile-form), so
 * a failure half way never leaves a member without their work history. A changed picture goes
 * first through its own call: the service re-encodes it and the form's patch does not carry it.
 */
async function saveProfileForm(userId: string, { profile: { picture, ...profile }, ...lists }: ProfileFormDraft) {
  const params = { id: userId };
  if (picture === null) await callRoute(profileRoutes.deletePicture, { params });
  else if (picture !== undefined) await callRoute(profileRoutes.uploadPicture, { params, body: { dataUrl: picture } });
  return callRoute(profileRoutes.saveProfileForm, { params, body: { profile, ...lists } });
}

export function useSaveProfileForm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ProfileFormDraft) => saveProfileForm(userId, form),
    // Spec 3 section 4: the profile, workplaces and education are refreshed after success.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKey(userId) }),
  });
}

export function useSavePrivacy(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PrivacyPatch) =>
      callRoute(profileRoutes.patchPrivacy, { params: { id: userId }, body: settings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKey(userId) }),
  });
}

/** Spec 3 section 7: PATCH when an assessment exists, else POST. */
export function useSaveLeadership(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ progress, exists }: { progress: LeadershipInput; exists: boolean }) =>
      callRoute(exists ? profileRoutes.updateLeadership : profileRoutes.createLeadership, {
        params: { id: userId },
        body: progress,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadershipKey(userId) }),
  });
}

export function useAddSkill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skill: NewSkill) => callRoute(profileRoutes.addSkill, { params: { id: userId }, body: skill }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsKey(userId) }),
  });
}

export function useDeleteSkill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skillId: string) => callRoute(profileRoutes.deleteSkill, { params: { id: skillId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsKey(userId) }),
  });
}

/** Endorsement is beyond spec 3's call list; the service owns its rules (not one's own, once each). */
export function useEndorseSkill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skillId: string) => callRoute(profileRoutes.endorseSkill, { params: { id: skillId }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsKey(userId) }),
  });
}

/** A visit to someone else's profile (the service ignores the owner's own); the time spent follows on leaving. */
export async function recordProfileView(userId: string): Promise<string | null> {
  const { id } = await callRoute(profileRoutes.recordView, {
    params: { id: userId },
    body: { referrer: document.referrer || null },
  });
  return id;
}

export async function recordTimeSpent(userId: string, viewId: string, timeSpent: number): Promise<void> {
  await callRoute(profileRoutes.recordViewTime, { params: { id: userId, viewId }, body: { timeSpent } });
}
