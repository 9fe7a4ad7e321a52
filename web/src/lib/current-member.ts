import type { CurrentUser } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api-request.ts';
import { queryRetryDelay, retryReadsOnBackOff } from './backoff.ts';

/**
 * The signed-in member's cache entry (GET /api/auth/user). It lives here, not in the auth feature,
 * because every feature needs to know who is asking and features do not import each other.
 */
export const CURRENT_USER_QUERY_KEY = ['/api/auth', 'user'] as const;

/** A 401 means "signed out", not a failure: the member is whoever this call returns. */
export const getCurrentUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

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
