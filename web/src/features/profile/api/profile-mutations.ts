import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { leadershipKey, privacyKey, skillsKey, userKey } from './profile-queries.ts';
import type { LeadershipProgress, NewSkill, PrivacySettings, ProfileFormSave, Skill } from './types.ts';

/**
 * The whole edit form in one call and one transaction (the profile service's PUT profile-form), so
 * a failure half way never leaves a member without their work history. A changed picture goes
 * first through its own call: the service re-encodes it and the form's patch does not carry it.
 */
export const saveProfileFormPath = (userId: string) => `/api/users/${userId}/profile-form`;
export const picturePath = (userId: string) => `/api/users/${userId}/picture`;

async function saveProfileForm(userId: string, { profile: { picture, ...profile }, ...lists }: ProfileFormSave) {
  if (picture === null) await apiRequest('DELETE', picturePath(userId));
  else if (picture !== undefined) await apiRequest('POST', picturePath(userId), { dataUrl: picture });
  return apiRequest('PUT', saveProfileFormPath(userId), { profile, ...lists });
}

export function useSaveProfileForm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ProfileFormSave) => saveProfileForm(userId, form),
    // Spec 3 section 4: the profile, workplaces and education are refreshed after success.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKey(userId) }),
  });
}

export function useSavePrivacy(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PrivacySettings) => apiRequest('PATCH', `/api/users/${userId}/privacy`, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKey(userId) }),
  });
}

/** Spec 3 section 7: PATCH when an assessment exists, else POST. */
export function useSaveLeadership(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ progress, exists }: { progress: LeadershipProgress; exists: boolean }) =>
      apiRequest(exists ? 'PATCH' : 'POST', `/api/users/${userId}/leadership-progress`, progress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadershipKey(userId) }),
  });
}

export function useAddSkill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (skill: NewSkill) =>
      (await (await apiRequest('POST', `/api/users/${userId}/skills`, skill)).json()) as Skill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsKey(userId) }),
  });
}

export function useDeleteSkill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skillId: string) => apiRequest('DELETE', `/api/skills/${skillId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsKey(userId) }),
  });
}

/** Endorsement is beyond spec 3's call list; the service owns its rules (not one's own, once each). */
export function useEndorseSkill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skillId: string) => apiRequest('POST', `/api/skills/${skillId}/endorsements`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsKey(userId) }),
  });
}

/** A visit to someone else's profile (the service ignores the owner's own); the time spent follows on leaving. */
export async function recordProfileView(userId: string): Promise<string | null> {
  const response = await apiRequest('POST', `/api/users/${userId}/views`, { referrer: document.referrer || null });
  return ((await response.json()) as { id: string | null }).id;
}

export async function recordTimeSpent(userId: string, viewId: string, timeSpent: number): Promise<void> {
  await apiRequest('PATCH', `/api/users/${userId}/views/${viewId}`, { timeSpent });
}
