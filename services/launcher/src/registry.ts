import { createAuthService, authConfigSchema } from '@crucible/auth';
import { createForumService, forumConfigSchema } from '@crucible/forum';
import type { ServiceName } from '@crucible/proto';
import { loadConfig, type Cache, type EventBus, type Logger, type RunningService } from '@crucible/platform';

export interface ServiceDeps {
  logger: Logger;
  bus: EventBus;
  cache: Cache;
  collectProcessMetrics: boolean;
}

type Env = Record<string, string | undefined>;
export type ServiceStarter = (env: Env, deps: ServiceDeps) => Promise<RunningService>;

/** The services built so far; each later service adds its line here. */
export const SERVICE_STARTERS: Partial<Record<ServiceName, ServiceStarter>> = {
  auth: (env, deps) => createAuthService(loadConfig(authConfigSchema, env), deps),
  forum: (env, deps) => createForumService(loadConfig(forumConfigSchema, env), deps),
};
