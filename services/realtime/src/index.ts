export { realtimeConfigSchema, type RealtimeConfig } from './config.ts';
export { createRealtimeService, REALTIME_MIGRATIONS_DIR, type RealtimeDeps } from './create-service.ts';
