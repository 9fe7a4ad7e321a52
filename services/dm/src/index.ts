export { dmConfigSchema, type DmConfig } from './config.ts';
export { createDmService, DM_MIGRATIONS_DIR } from './create-service.ts';
