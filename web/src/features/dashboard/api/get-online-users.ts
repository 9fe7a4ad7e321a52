import { realtimeRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';
import { useLiveFallbackInterval } from '../../../lib/live-socket/live-socket-context.tsx';

/**
 * The live socket's full list (online_users_update) and its changes (online_users_changed) write this
 * same entry, so the live list replaces the fetched one.
 */
export const ONLINE_USERS_QUERY_KEY = routeQueryKey(realtimeRoutes.listOnlineUsers);

export const getOnlineUsers = () => callRoute(realtimeRoutes.listOnlineUsers, {});

export const onlineUsersQueryOptions = queryOptions({
  queryKey: ONLINE_USERS_QUERY_KEY,
  queryFn: getOnlineUsers,
  // The users resource's freshness; it is also polled every 30 s in case the socket is down.
  staleTime: 5 * 60_000,
  gcTime: 30 * 60_000,
});

/** The users resource is polled every 30 s in case the socket is down; while it is up, it is the source. */
const ONLINE_FALLBACK_POLL_MS = 30_000;

export function useOnlineUsers() {
  const refetchInterval = useLiveFallbackInterval(ONLINE_FALLBACK_POLL_MS);
  return useQuery({ ...onlineUsersQueryOptions, refetchInterval });
}
