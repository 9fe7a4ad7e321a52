import { profileRoutes, type LeadershipInput } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { leadershipKey } from './profile-query-keys.ts';

export interface LeadershipSave {
  progress: LeadershipInput;
  /** Whether the member already has an assessment. */
  exists: boolean;
}

/** PATCH when an assessment exists, else POST. */
export const saveLeadership = (userId: string, { progress, exists }: LeadershipSave) =>
  callRoute(exists ? profileRoutes.updateLeadership : profileRoutes.createLeadership, {
    params: { id: userId },
    body: progress,
  });

export function useSaveLeadership(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: LeadershipSave) => saveLeadership(userId, save),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadershipKey(userId) }),
  });
}
