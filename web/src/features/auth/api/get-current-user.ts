import type { CurrentUser } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';

export const CURRENT_USER_QUERY_KEY = ['/api/auth', 'user'] as const;

/** A 401 means "signed out", not a failure: the member is whoever this call returns. */
export const getCurrentUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: getCurrentUser,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
