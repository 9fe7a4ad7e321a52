import { profileRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { skillsKey } from './profile-query-keys.ts';

export const getSkills = (userId: string) => callRoute(profileRoutes.listSkills, { params: { id: userId } });

export const skillsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: skillsKey(userId),
    queryFn: () => getSkills(userId),
  });

export function useSkills(userId: string) {
  return useQuery(skillsQueryOptions(userId));
}
