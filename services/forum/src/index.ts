export { forumConfigSchema, type ForumConfig } from './config.ts';
export { createForumService, FORUM_MIGRATIONS_DIR } from './create-service.ts';
export { seedDemoForums, type DemoAuthors } from './use-cases/demo-forums.ts';
