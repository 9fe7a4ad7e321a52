import { profileRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api-client.ts';
import { skillsKey } from './profile-query-keys.ts';

/** A new skill as the form sends it; the service fills the defaults. */
export type NewSkill = z.input<typeof profileRoutes.addSkill.body>;

export const addSkill = (userId: string, skill: NewSkill) =>
  callRoute(profileRoutes.addSkill, { params: { id: userId }, body: skill });

export function useAddSkill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skill: NewSkill) => addSkill(userId, skill),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsKey(userId) }),
  });
}
