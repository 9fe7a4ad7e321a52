import type { CurrentUser } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api-request.ts';

/**
 * The signed-in member's cache entry (GET /api/auth/user). It lives here, not in the auth feature,
 * because every feature needs to know who is asking and features do not import each other.
 */
export const CURRENT_USER_QUERY_KEY = ['/api/auth', 'user'] as const;

/** A 401 means "signed out", not a failure: the member is whoever this call returns. */
export const getCurrentUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: getCurrentUser,
  retry: false,
});

/** The signed-in member, null when signed out, undefined while the first answer is pending. */
export function useCurrentMember(): CurrentUser | null | undefined {
  return useQuery(currentUserQueryOptions).data;
}
