import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';
import type { OnlineUser } from './types.ts';

/** The live socket's online_users_update writes this same entry, so the live list replaces the fetched one. */
export const ONLINE_USERS_QUERY_KEY = ['/api/users', 'online'] as const;

export const getOnlineUsers = getQueryFn<OnlineUser[]>({ on401: 'throw' });

export const onlineUsersQueryOptions = queryOptions({
  queryKey: ONLINE_USERS_QUERY_KEY,
  queryFn: getOnlineUsers,
  // Spec 1 section 9: the users resource, polled every 30 s in case the socket is down.
  staleTime: 5 * 60_000,
  gcTime: 30 * 60_000,
  refetchInterval: 30_000,
});

export function useOnlineUsers() {
  return useQuery(onlineUsersQueryOptions);
}
