import { loadConfig, runStandalone } from '@crucible/platform';
import { realtimeConfigSchema } from './config.ts';
import { createRealtimeService } from './create-service.ts';

await runStandalone('realtime', (infrastructure) =>
  createRealtimeService(loadConfig(realtimeConfigSchema), infrastructure),
);
