export { profileConfigSchema, type ProfileConfig } from './config.ts';
export { createProfileService, PROFILE_MIGRATIONS_DIR, type ProfileDeps } from './create-service.ts';
