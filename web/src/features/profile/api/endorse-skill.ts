import { profileRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { skillsKey } from './profile-query-keys.ts';

/** The service owns endorsement's rules (not one's own, once each). */
export const endorseSkill = (skillId: string) =>
  callRoute(profileRoutes.endorseSkill, { params: { id: skillId }, body: {} });

/** `userId`: whose skill list the endorsement changes. */
export function useEndorseSkill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endorseSkill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsKey(userId) }),
  });
}
