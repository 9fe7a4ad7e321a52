export { dmConfigSchema, type DmConfig } from './config.ts';
export { createDmService, DM_MIGRATIONS_DIR, type DmDeps } from './create-service.ts';
