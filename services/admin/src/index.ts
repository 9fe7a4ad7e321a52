export { adminConfigSchema, type AdminConfig } from './config.ts';
export { createAdminService, ADMIN_MIGRATIONS_DIR } from './create-service.ts';
