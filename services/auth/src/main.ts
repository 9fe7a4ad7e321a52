import { loadConfig, runStandalone } from '@crucible/platform';
import { authConfigSchema } from './config.ts';
import { createAuthService } from './create-service.ts';

await runStandalone('auth', (infrastructure) => createAuthService(loadConfig(authConfigSchema), infrastructure));
