export { realtimeConfigSchema, type RealtimeConfig } from './config.ts';
export { createRealtimeService, REALTIME_MIGRATIONS_DIR } from './create-service.ts';
