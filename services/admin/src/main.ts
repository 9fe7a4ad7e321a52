import { loadConfig, runStandalone } from '@crucible/platform';
import { adminConfigSchema } from './config.ts';
import { createAdminService } from './create-service.ts';

await runStandalone('admin', (infrastructure) => createAdminService(loadConfig(adminConfigSchema), infrastructure));
