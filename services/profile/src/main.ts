import { loadConfig, runStandalone } from '@crucible/platform';
import { profileConfigSchema } from './config.ts';
import { createProfileService } from './create-service.ts';

await runStandalone('profile', (infrastructure) =>
  createProfileService(loadConfig(profileConfigSchema), infrastructure),
);
