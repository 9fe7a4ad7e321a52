import { adminRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, ADMIN_MEMBERS_KEY } from './admin-query-keys.ts';

/** What the admin service knows of one member: audit entries by and on them, reports against them. */
export const memberActivityQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...ADMIN_MEMBERS_KEY, userId, 'activity'],
    queryFn: () => callRoute(adminRoutes.memberActivity, { params: { id: userId } }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

export function useMemberActivity(userId: string) {
  return useQuery(memberActivityQueryOptions(userId));
}
