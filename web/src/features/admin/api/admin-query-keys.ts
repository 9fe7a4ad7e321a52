import { adminRoutes, authRoutes, forumRoutes } from '@crucible/proto';
import { routeCollectionKey, routeQueryKey } from '../../../lib/api-client.ts';

/**
 * Query keys derive from the routes (routeQueryKey), so a list's key is the prefix of every read
 * below it and invalidating it refreshes them all. The forum lists the console shares with the
 * forums page carry the console's own query in their key: they are entries of their own, which
 * follow the admin list policy (ADMIN_LIST_STALE_MS).
 */
export const ADMIN_USERS_KEY = routeQueryKey(authRoutes.listAdminUsers);
export const ADMIN_ACCESS_LEVELS_KEY = routeQueryKey(adminRoutes.listAccessLevels);
export const ADMIN_CONVERSATIONS_KEY = routeQueryKey(adminRoutes.listConversations);
export const ADMIN_REPORTS_KEY = routeQueryKey(adminRoutes.listReports);
export const ADMIN_FLAGS_KEY = routeQueryKey(adminRoutes.listFlags);
export const ADMIN_MESSAGES_KEY = routeQueryKey(adminRoutes.listDirectMessages);
export const ADMIN_AUDIT_KEY = routeQueryKey(adminRoutes.listAuditLogs);
export const ADMIN_REVIEW_QUEUE_KEY = routeQueryKey(adminRoutes.reviewQueue);
export const FORUM_MODERATORS_KEY = routeQueryKey(forumRoutes.listModerators);
/** Every member's activity, for changes that can touch anyone's (a resolved review item). */
export const ADMIN_MEMBERS_KEY = routeCollectionKey(adminRoutes.memberActivity);
export const memberActivityKey = (userId: string) =>
  routeQueryKey(adminRoutes.memberActivity, { params: { id: userId } });

/** The console's topic list holds inactive topics too. */
export const ADMIN_SUBCATEGORIES_QUERY = { includeInactive: 'true' } as const;
export const ADMIN_SUBCATEGORIES_KEY = routeQueryKey(forumRoutes.listTopics, { query: ADMIN_SUBCATEGORIES_QUERY });
/** The console's topics are discussions of type 'category', hidden ones too. */
export const ADMIN_TOPICS_QUERY = { discussionType: 'category', includeHidden: 'true' } as const;
export const ADMIN_TOPICS_KEY = routeQueryKey(forumRoutes.listDiscussions, { query: ADMIN_TOPICS_QUERY });

/** The console's lists are fresh for 30 s. */
export const ADMIN_LIST_STALE_MS = 30_000;
/** The user list pages by 10; the moderator picker loads up to 1000 users. */
export const USER_PAGE_SIZE = 10;
export const USER_PICKER_LIMIT = 1000;
export const SEARCH_DEBOUNCE_MS = 500;
