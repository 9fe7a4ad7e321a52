import { loadConfig, runStandalone } from '@crucible/platform';
import { projectConfigSchema } from './config.ts';
import { createProjectService } from './create-service.ts';

await runStandalone('project', (infrastructure) =>
  createProjectService(loadConfig(projectConfigSchema), infrastructure),
);
