import { profileRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { workplacesKey } from './profile-query-keys.ts';

export const getWorkplaces = (userId: string) => callRoute(profileRoutes.listWorkplaces, { params: { id: userId } });

export const workplacesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: workplacesKey(userId),
    queryFn: () => getWorkplaces(userId),
  });

export function useWorkplaces(userId: string, enabled = true) {
  return useQuery({ ...workplacesQueryOptions(userId), enabled });
}
