/**
 * Query keys are URLs split into parts (web/README.md): everything here starts with
 * '/api/direct-messages', so invalidating DIRECT_MESSAGES_KEY also refreshes the navigation's
 * unread count, whose key (['/api/direct-messages', 'unread-count']) the navigation feature owns.
 */
export const DIRECT_MESSAGES_KEY = ['/api/direct-messages'] as const;
export const CONVERSATIONS_KEY = [...DIRECT_MESSAGES_KEY, 'conversations'] as const;
export const QUOTA_KEY = [...DIRECT_MESSAGES_KEY, 'quota'] as const;
export const CONVERSATION_USAGE_KEY = [...QUOTA_KEY, 'conversations'] as const;
export const BLOCKS_KEY = [...DIRECT_MESSAGES_KEY, 'blocks'] as const;
export const UNREAD_COUNT_KEY = [...DIRECT_MESSAGES_KEY, 'unread-count'] as const;
export const messagesKey = (otherUserId: string) => [...DIRECT_MESSAGES_KEY, otherUserId, 'messages'] as const;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Spec 2 section 9: conversations are fresh for 5 minutes, messages and quota for 30 s. */
export const CONVERSATIONS_STALE_MS = 5 * MINUTE;
export const MESSAGES_STALE_MS = 30 * SECOND;
export const QUOTA_STALE_MS = 30 * SECOND;

/** Polling while the live connection is not up (spec 2 section 9). */
export const CONVERSATIONS_POLL_MS = 3 * MINUTE;
export const MESSAGES_POLL_MS = 60 * SECOND;
