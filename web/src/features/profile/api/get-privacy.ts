import { profileRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { privacyKey } from './profile-query-keys.ts';

export const getPrivacy = (userId: string) => callRoute(profileRoutes.getPrivacy, { params: { id: userId } });

export const privacyQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: privacyKey(userId),
    queryFn: () => getPrivacy(userId),
  });

export function usePrivacy(userId: string, enabled = true) {
  return useQuery({ ...privacyQueryOptions(userId), enabled });
}
