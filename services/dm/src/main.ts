import { loadConfig, runStandalone } from '@crucible/platform';
import { dmConfigSchema } from './config.ts';
import { createDmService } from './create-service.ts';

await runStandalone('dm', (infrastructure) => createDmService(loadConfig(dmConfigSchema), infrastructure));
