import { profileRoutes, type PrivacyPatch } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { privacyKey } from './profile-query-keys.ts';

export const savePrivacy = (userId: string, settings: PrivacyPatch) =>
  callRoute(profileRoutes.patchPrivacy, { params: { id: userId }, body: settings });

export function useSavePrivacy(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PrivacyPatch) => savePrivacy(userId, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKey(userId) }),
  });
}
