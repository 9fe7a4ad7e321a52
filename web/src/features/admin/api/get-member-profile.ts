import { profileRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

export const getMemberProfile = (userId: string) => callRoute(profileRoutes.getProfile, { params: { id: userId } });

export const memberProfileKey = (userId: string) => routeQueryKey(profileRoutes.getProfile, { params: { id: userId } });

/** The profile a correction starts from: the profile page's own cache entry, so a correction shows there too. */
export const memberProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: memberProfileKey(userId), queryFn: () => getMemberProfile(userId) });

export function useMemberProfile(userId: string) {
  return useQuery(memberProfileQueryOptions(userId));
}
