import { profileRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { educationKey } from './profile-query-keys.ts';

export const getEducation = (userId: string) => callRoute(profileRoutes.listEducation, { params: { id: userId } });

export const educationQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: educationKey(userId),
    queryFn: () => getEducation(userId),
  });

export function useEducation(userId: string, enabled = true) {
  return useQuery({ ...educationQueryOptions(userId), enabled });
}
