export { projectConfigSchema, type ProjectConfig } from './config.ts';
export { createProjectService, PROJECT_MIGRATIONS_DIR, type ProjectDeps } from './create-service.ts';
