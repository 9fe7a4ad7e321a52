import { dmRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from './api-client.ts';
import { useLiveFallbackInterval } from './live-socket/live-socket-context.tsx';

/**
 * The direct-message reads several features show: the conversations (dashboard, messages, profile),
 * the quota (dashboard, messages) and the unread count (navigation, kept by the messages' live
 * cache). One cache entry each, so a change made in one place shows in all of them.
 */
export const DIRECT_MESSAGES_KEY = routeQueryKey(dmRoutes.sendMessage);
export const CONVERSATIONS_KEY = routeQueryKey(dmRoutes.listConversations);
export const QUOTA_KEY = routeQueryKey(dmRoutes.getQuota);
export const UNREAD_MESSAGE_COUNT_QUERY_KEY = routeQueryKey(dmRoutes.unreadCount);

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const conversationsQueryOptions = queryOptions({
  queryKey: CONVERSATIONS_KEY,
  queryFn: () => callRoute(dmRoutes.listConversations, {}),
});

/** How fresh a feature keeps the conversations and how often it polls them; the rest is shared. */
export interface ConversationsFreshness {
  enabled?: boolean;
  staleTime?: number;
  refetchInterval?: number;
}

export function useConversations(freshness: ConversationsFreshness = {}) {
  return useQuery({ ...conversationsQueryOptions, ...freshness });
}

/** The quota is fresh for 30 s. */
export const quotaQueryOptions = queryOptions({
  queryKey: QUOTA_KEY,
  queryFn: () => callRoute(dmRoutes.getQuota, {}),
  staleTime: 30 * SECOND,
  gcTime: 10 * MINUTE,
});

/** The dashboard asks only for Core members: the meter is theirs alone. */
export function useQuota({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...quotaQueryOptions, enabled });
}

export const unreadMessageCountQueryOptions = queryOptions({
  queryKey: UNREAD_MESSAGE_COUNT_QUERY_KEY,
  queryFn: () => callRoute(dmRoutes.unreadCount, {}),
  // This count has its own freshness, apart from the rest of direct messages.
  staleTime: MINUTE,
  gcTime: 5 * MINUTE,
});

/** The socket's direct_message and message_read events refresh it; it polls only while the socket is down. */
const UNREAD_FALLBACK_POLL_MS = MINUTE;

export function useUnreadMessageCount({ enabled }: { enabled: boolean }) {
  const refetchInterval = useLiveFallbackInterval(UNREAD_FALLBACK_POLL_MS);
  return useQuery({ ...unreadMessageCountQueryOptions, enabled, refetchInterval });
}
