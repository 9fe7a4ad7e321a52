import { dmRoutes } from '@crucible/proto';
import { routeQueryKey } from '../../../lib/api-client.ts';

/**
 * Keys derive from the routes (routeQueryKey): everything here starts with dm's resource key,
 * so invalidating DIRECT_MESSAGES_KEY also refreshes the reads other features share
 * (web/src/lib/direct-message-queries.ts).
 */
export { CONVERSATIONS_KEY, DIRECT_MESSAGES_KEY, QUOTA_KEY } from '../../../lib/direct-message-queries.ts';
export const CONVERSATION_USAGE_KEY = routeQueryKey(dmRoutes.conversationUsage);
export const BLOCKS_KEY = routeQueryKey(dmRoutes.listBlocked);
export const messagesKey = (otherUserId: string) =>
  routeQueryKey(dmRoutes.listMessages, { params: { userId: otherUserId } });

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Conversations are fresh for 5 minutes, messages for 30 s (the quota's are shared). */
export const CONVERSATIONS_STALE_MS = 5 * MINUTE;
export const MESSAGES_STALE_MS = 30 * SECOND;
export const QUOTA_STALE_MS = 30 * SECOND;

/** Polling while the live connection is not up. */
export const CONVERSATIONS_POLL_MS = 3 * MINUTE;
export const MESSAGES_POLL_MS = 60 * SECOND;
