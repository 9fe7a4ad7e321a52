import { profileRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { profileKey } from './profile-query-keys.ts';

const SECOND = 1000;

/** A refusal (403) or absence (404) will not change on retry; only other failures are retried. */
const isFinal = (error: Error) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export const getProfile = (userId: string) => callRoute(profileRoutes.getProfile, { params: { id: userId } });

/** The profile is retried 3 times with exponential back-off capped at 30 s. */
export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKey(userId),
    queryFn: () => getProfile(userId),
    retry: (failures, error) => !isFinal(error) && failures < 3,
    retryDelay: (attempt) => Math.min(SECOND * 2 ** attempt, 30 * SECOND),
  });

export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}
