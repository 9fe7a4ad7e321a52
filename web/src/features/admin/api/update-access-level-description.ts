import { adminRoutes, type AccessLevel } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_ACCESS_LEVELS_KEY } from './admin-query-keys.ts';

export async function updateAccessLevelDescription({
  value,
  description,
}: {
  value: AccessLevel;
  description: string;
}) {
  return callRoute(adminRoutes.updateAccessLevel, { params: { value }, body: { description } });
}

export function useUpdateAccessLevelDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccessLevelDescription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ACCESS_LEVELS_KEY }),
  });
}
