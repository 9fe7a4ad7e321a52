import { adminRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS, memberActivityKey } from './admin-query-keys.ts';

/** What the admin service knows of one member: audit entries by and on them, reports against them. */
export const getMemberActivity = (userId: string) => callRoute(adminRoutes.memberActivity, { params: { id: userId } });

export const memberActivityQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: memberActivityKey(userId),
    queryFn: () => getMemberActivity(userId),
    staleTime: ADMIN_LIST_STALE_MS,
  });

export function useMemberActivity(userId: string) {
  return useQuery(memberActivityQueryOptions(userId));
}
