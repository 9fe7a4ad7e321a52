import { profileRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { skillsKey } from './profile-query-keys.ts';

export const deleteSkill = (skillId: string) => callRoute(profileRoutes.deleteSkill, { params: { id: skillId } });

/** `userId`: whose skill list the deletion changes. */
export function useDeleteSkill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSkill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: skillsKey(userId) }),
  });
}
