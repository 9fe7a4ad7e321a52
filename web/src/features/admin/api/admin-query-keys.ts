/**
 * Query keys are URLs split into parts (web/README.md). The console keeps its own keys for the forum
 * calls it shares with the forums page, so its lists follow the admin list policy of spec 3 section 9.
 */
export const ADMIN_USERS_KEY = ['/api/admin', 'users'] as const;
export const ADMIN_ACCESS_LEVELS_KEY = ['/api/admin', 'access-levels'] as const;
export const ADMIN_CONVERSATIONS_KEY = ['/api/admin', 'conversations'] as const;
export const ADMIN_REPORTS_KEY = ['/api/admin', 'message-reports'] as const;
export const ADMIN_FLAGS_KEY = ['/api/admin', 'message-flags'] as const;
export const ADMIN_MESSAGES_KEY = ['/api/admin', 'direct-messages'] as const;
export const ADMIN_AUDIT_KEY = ['/api/admin', 'audit-logs'] as const;
export const ADMIN_SUBCATEGORIES_KEY = ['/api/subcategories', 'admin'] as const;
export const ADMIN_TOPICS_KEY = ['/api/discussions', 'admin-topics'] as const;
export const FORUM_MODERATORS_KEY = ['/api/forum-moderators'] as const;

/** Spec 3 section 9: the console's lists are fresh for 30 s. */
export const ADMIN_LIST_STALE_MS = 30_000;
/** Spec 3 section 9: the user list pages by 10; the moderator picker loads up to 1000 users. */
export const USER_PAGE_SIZE = 10;
export const USER_PICKER_LIMIT = 1000;
export const SEARCH_DEBOUNCE_MS = 500;
export const ADMIN_REVIEW_QUEUE_KEY = ['/api/admin', 'review-queue'] as const;
export const ADMIN_MEMBERS_KEY = ['/api/admin', 'members'] as const;
