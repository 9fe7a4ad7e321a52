import { authRoutes, type CurrentUser } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { queryRetryDelay, retryReadsOnBackOff } from './backoff.ts';

/**
 * The signed-in member's cache entry (GET /api/auth/user). It lives here, not in the auth feature,
 * because every feature needs to know who is asking and features do not import each other.
 */
export const CURRENT_USER_QUERY_KEY = routeQueryKey(authRoutes.currentUser);

/** A 401 means "signed out", not a failure: the member is whoever this call returns. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await callRoute(authRoutes.currentUser, {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Every screen waits on this answer, so a 429 or 503 is waited out for as long as it lasts (the
 * query stays pending and the layout says why) instead of failing into a redirect that asks again
 * at once, which is how one tab used to keep its address rate limited.
 */
export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: getCurrentUser,
  retry: retryReadsOnBackOff(Infinity),
  retryDelay: queryRetryDelay,
});

/** The signed-in member, null when signed out, undefined while the first answer is pending. */
export function useCurrentMember(): CurrentUser | null | undefined {
  return useQuery(currentUserQueryOptions).data;
}
