import { createAdminService, adminConfigSchema } from '@crucible/admin';
import { createAuthService, authConfigSchema } from '@crucible/auth';
import { createDmService, dmConfigSchema } from '@crucible/dm';
import { createForumService, forumConfigSchema } from '@crucible/forum';
import { createProfileService, profileConfigSchema } from '@crucible/profile';
import { createProjectService, projectConfigSchema } from '@crucible/project';
import { createRealtimeService, realtimeConfigSchema } from '@crucible/realtime';
import type { ServiceName } from '@crucible/proto';
import { loadConfig, type RunningService, type ServiceDeps } from '@crucible/platform';

type Env = Record<string, string | undefined>;
export type ServiceStarter = (env: Env, deps: ServiceDeps) => Promise<RunningService>;

/** The services built so far; each later service adds its line here. */
export const SERVICE_STARTERS: Partial<Record<ServiceName, ServiceStarter>> = {
  auth: (env, deps) => createAuthService(loadConfig(authConfigSchema, env), deps),
  forum: (env, deps) => createForumService(loadConfig(forumConfigSchema, env), deps),
  dm: (env, deps) => createDmService(loadConfig(dmConfigSchema, env), deps),
  admin: (env, deps) => createAdminService(loadConfig(adminConfigSchema, env), deps),
  profile: (env, deps) => createProfileService(loadConfig(profileConfigSchema, env), deps),
  project: (env, deps) => createProjectService(loadConfig(projectConfigSchema, env), deps),
  realtime: (env, deps) => createRealtimeService(loadConfig(realtimeConfigSchema, env), deps),
};
