export { forumConfigSchema, type ForumConfig } from './config.ts';
export { createForumService, FORUM_MIGRATIONS_DIR, type ForumDeps } from './create-service.ts';
