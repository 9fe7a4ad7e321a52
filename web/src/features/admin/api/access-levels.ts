import { adminRoutes, type AccessLevel } from '@crucible/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_ACCESS_LEVELS_KEY, ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

// The catalogue and its one edit share a cache entry, so they live together.

export const accessLevelsQueryOptions = queryOptions({
  queryKey: ADMIN_ACCESS_LEVELS_KEY,
  queryFn: () => callRoute(adminRoutes.listAccessLevels, {}),
  staleTime: ADMIN_LIST_STALE_MS,
});

export function useAccessLevels() {
  return useQuery(accessLevelsQueryOptions);
}

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
