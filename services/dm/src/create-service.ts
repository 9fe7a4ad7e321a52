import { fileURLToPath } from 'node:url';
import { DM_MESSAGES } from '@crucible/proto';
import {
  createHttpApp,
  createRateLimit,
  openServiceStore,
  type RunningService,
  type MemberServiceDeps,
} from '@crucible/platform';
import type { DmConfig } from './config.ts';
import { dmEvents } from './events.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { registerDmRoutes } from './http/routes.ts';
import { DM_SCHEMA, type DmContext } from './use-cases/context.ts';
import { usersReplica } from './use-cases/user-replica.ts';

export const DM_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** A message is at most 10,000 characters (40,000 UTF-8 bytes), well inside this. */
const JSON_LIMIT = '64kb';

export async function createDmService(
  config: DmConfig,
  deps: MemberServiceDeps,
): Promise<RunningService & { context: DmContext }> {
  const { logger, bus } = deps;
  const store = await openServiceStore({
    config,
    deps,
    schema: DM_SCHEMA,
    migrationsDir: DM_MIGRATIONS_DIR,
    openClient: (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }),
  });
  const { prisma, relay, verifier } = store;
  const users = usersReplica(prisma);
  const ctx: DmContext = {
    config,
    prisma,
    pool: store.database.pool,
    relay,
    logger,
    users: users.filler(bus, logger),
    sendLimit: createRateLimit(deps.cache, {
      name: 'dm-sends',
      points: config.DM_SENDS_PER_MINUTE,
      durationSeconds: 60,
      message: DM_MESSAGES.sendRateLimited,
    }),
  };
  const app = createHttpApp({
    service: 'dm',
    logger,
    jsonLimit: JSON_LIMIT,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    gatewaySecret: config.GATEWAY_SECRET,
    idempotencyCache: deps.cache,
    readiness: () => store.readiness,
    routes: (router) => registerDmRoutes(router, { ctx, verifier }),
  });

  await store.start(dmEvents(ctx, bus, users));

  return {
    name: 'dm',
    app,
    context: ctx,
    stop: () => store.close(),
  };
}
