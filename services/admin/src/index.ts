export { adminConfigSchema, type AdminConfig } from './config.ts';
export { createAdminService, ADMIN_MIGRATIONS_DIR, type AdminDeps } from './create-service.ts';
