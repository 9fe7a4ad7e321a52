export { projectConfigSchema, type ProjectConfig } from './config.ts';
export { createProjectService, PROJECT_MIGRATIONS_DIR } from './create-service.ts';
