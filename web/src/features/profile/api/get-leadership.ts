import { profileRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { leadershipKey } from './profile-query-keys.ts';

/** A member without an assessment yet answers null (the tracker then offers to start one). */
export const getLeadership = (userId: string) => callRoute(profileRoutes.getLeadership, { params: { id: userId } });

export const leadershipQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: leadershipKey(userId),
    queryFn: () => getLeadership(userId),
  });

export function useLeadership(userId: string) {
  return useQuery(leadershipQueryOptions(userId));
}
