import { fileURLToPath } from 'node:url';
import {
  createHttpApp,
  createOutboxRelay,
  createRemoteTokenVerifier,
  openDatabase,
  type RunningService,
  type ServiceDeps,
  type Subscription,
  type TokenVerifier,
} from '@crucible/platform';
import type { DmConfig } from './config.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { replyToAdmin } from './http/admin-replies.ts';
import { registerDmRoutes } from './http/routes.ts';
import { DM_SCHEMA, type DmContext } from './use-cases/context.ts';
import { replicateMemberSettings } from './use-cases/member-settings.ts';
import { replicateUsers, userReplicaFiller } from './use-cases/user-replica.ts';

export const DM_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** A message is at most 10,000 characters (40,000 UTF-8 bytes), well inside this. */
const JSON_LIMIT = '64kb';

export interface DmDeps extends ServiceDeps {
  /** How tokens are checked; by default as every service but auth does (auth's keys and sessions over the bus). */
  verifier?: TokenVerifier;
}

export async function createDmService(
  config: DmConfig,
  deps: DmDeps,
): Promise<RunningService & { context: DmContext }> {
  const { logger, bus, cache } = deps;
  const database = openDatabase({
    url: config.DATABASE_URL,
    schema: DM_SCHEMA,
    migrationsDir: DM_MIGRATIONS_DIR,
    logger,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  const prisma = new PrismaClient({
    adapter: database.adapter,
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
  const relay = createOutboxRelay({ pool: database.pool, schema: DM_SCHEMA, bus, logger });
  const ctx: DmContext = {
    config,
    prisma,
    pool: database.pool,
    relay,
    logger,
    users: userReplicaFiller(prisma, bus, logger),
  };
  const verifier =
    deps.verifier ??
    createRemoteTokenVerifier({ bus, cache, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });

  const app = createHttpApp({
    service: 'dm',
    logger,
    jsonLimit: JSON_LIMIT,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    readiness: () => [
      { name: 'database', check: database.isHealthy },
      { name: 'events', check: () => bus.isHealthy() },
    ],
    routes: (router) => registerDmRoutes(router, { ctx, verifier }),
  });

  relay.start();
  const subscriptions: Subscription[] = [];
  try {
    subscriptions.push(await replicateUsers(ctx, bus, config.DM_USERS_CONSUMER));
    subscriptions.push(await replicateMemberSettings(ctx, bus, config.DM_PROFILE_CONSUMER));
    subscriptions.push(...(await replyToAdmin(ctx, bus)));
  } catch (error) {
    for (const subscription of subscriptions) await subscription.stop();
    await relay.stop();
    await database.close();
    throw error;
  }

  return {
    name: 'dm',
    app,
    context: ctx,
    async stop() {
      for (const subscription of subscriptions) await subscription.stop();
      await relay.stop();
      await prisma.$disconnect();
      await database.close();
    },
  };
}
