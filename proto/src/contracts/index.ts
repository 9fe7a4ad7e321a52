import type { RouteContracts } from './route.ts';
import { authRoutes } from './auth.ts';
import { forumRoutes } from './forum.ts';
import { profileRoutes } from './profile.ts';
import { projectRoutes } from './project.ts';
import { realtimeRoutes } from './realtime.ts';
import { dmRoutes } from './dm.ts';
import { adminRoutes } from './admin.ts';
import { dataExportRoutes } from './data-export.ts';

export * from './route.ts';
export * from './paths.ts';
export * from './openapi.ts';
export { authRoutes } from './auth.ts';
export { forumRoutes } from './forum.ts';
export { profileRoutes } from './profile.ts';
export { projectRoutes } from './project.ts';
export { realtimeRoutes } from './realtime.ts';
export { dmRoutes } from './dm.ts';
export { adminRoutes } from './admin.ts';
export { dataExportRoutes } from './data-export.ts';

/** Every service's contract: the OpenAPI document, the gateway check and the input sweep read this. */
export const SERVICE_CONTRACTS = {
  auth: { ...authRoutes, ...dataExportRoutes },
  forum: forumRoutes,
  profile: profileRoutes,
  project: projectRoutes,
  realtime: realtimeRoutes,
  dm: dmRoutes,
  admin: adminRoutes,
} as const satisfies Record<string, RouteContracts>;
