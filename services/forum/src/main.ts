import { loadConfig, runStandalone } from '@crucible/platform';
import { forumConfigSchema } from './config.ts';
import { createForumService } from './create-service.ts';

await runStandalone('forum', (infrastructure) => createForumService(loadConfig(forumConfigSchema), infrastructure));
