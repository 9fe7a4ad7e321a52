import { authRoutes, type UserSummary } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { CORE_USERS_KEY } from './project-query-keys.ts';

/** Auth owns the Core member list (GET /api/users/core). */
export const getCoreUsers = (): Promise<UserSummary[]> => callRoute(authRoutes.coreUsers, {});

/** The only members a task may be assigned to. */
export function useCoreUsers(enabled: boolean) {
  return useQuery({ queryKey: CORE_USERS_KEY, queryFn: getCoreUsers, enabled, staleTime: 5 * 60_000 });
}
