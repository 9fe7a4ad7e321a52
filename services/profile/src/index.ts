export { profileConfigSchema, type ProfileConfig } from './config.ts';
export { createProfileService, PROFILE_MIGRATIONS_DIR } from './create-service.ts';
