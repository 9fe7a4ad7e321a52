import { fileURLToPath } from 'node:url';
import {
  createHttpApp,
  openServiceStore,
  preparedSqlOnPool,
  type RunningService,
  type MemberServiceDeps,
} from '@crucible/platform';
import type { AdminConfig } from './config.ts';
import { adminEvents } from './events.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { registerAdminRoutes } from './http/routes.ts';
import { ADMIN_SCHEMA, type AdminContext } from './use-cases/context.ts';
import { userReplicaFiller } from './use-cases/names.ts';

export const ADMIN_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export async function createAdminService(
  config: AdminConfig,
  deps: MemberServiceDeps,
): Promise<RunningService & { context: AdminContext }> {
  const { logger, bus } = deps;
  const store = await openServiceStore({
    config,
    deps,
    schema: ADMIN_SCHEMA,
    migrationsDir: ADMIN_MIGRATIONS_DIR,
    openClient: (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }),
  });
  const { prisma, relay, verifier } = store;
  const users = userReplicaFiller(prisma, bus, logger, config.AUTH_REQUEST_TIMEOUT_MS);
  const sql = preparedSqlOnPool(store.database.pool, ADMIN_SCHEMA);
  const ctx: AdminContext = { config, prisma, sql, relay, bus, logger, users };

  const app = createHttpApp({
    service: 'admin',
    logger,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    gatewaySecret: config.GATEWAY_SECRET,
    readiness: () => store.readiness,
    routes: (router) => registerAdminRoutes(router, { ctx, verifier }),
  });

  await store.start(adminEvents(ctx));

  return {
    name: 'admin',
    app,
    context: ctx,
    stop: () => store.close(),
  };
}
