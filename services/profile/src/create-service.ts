import { fileURLToPath } from 'node:url';
import {
  connectBlobStore,
  createHttpApp,
  createOutboxRelay,
  createRemoteTokenVerifier,
  openDatabase,
  type Cache,
  type EventBus,
  type Logger,
  type RunningService,
  type Subscription,
  type TokenVerifier,
} from '@crucible/platform';
import type { ProfileConfig } from './config.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { registerProfileRoutes } from './http/routes.ts';
import { PROFILE_SCHEMA, type ProfileContext } from './use-cases/context.ts';
import { countForumActivity } from './use-cases/forum-stats.ts';
import { replicateUsers, userReplicaFiller } from './use-cases/user-replica.ts';

export const PROFILE_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** A 2 MB picture as base64 in a data URL is about 2.8 MB of JSON. */
const JSON_LIMIT = '3mb';

export interface ProfileDeps {
  logger: Logger;
  bus: EventBus;
  cache: Cache;
  /** False when another service in the process already registers process metrics. */
  collectProcessMetrics?: boolean;
  /** How tokens are checked; by default as every service but auth does (auth's keys and sessions over the bus). */
  verifier?: TokenVerifier;
}

export async function createProfileService(
  config: ProfileConfig,
  deps: ProfileDeps,
): Promise<RunningService & { context: ProfileContext }> {
  const { logger, bus, cache } = deps;
  const blobs = await connectBlobStore(config);
  const database = openDatabase({
    url: config.DATABASE_URL,
    schema: PROFILE_SCHEMA,
    migrationsDir: PROFILE_MIGRATIONS_DIR,
    logger,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  const prisma = new PrismaClient({
    adapter: database.adapter,
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
  const relay = createOutboxRelay({ pool: database.pool, schema: PROFILE_SCHEMA, bus, logger });
  const ctx: ProfileContext = {
    config,
    prisma,
    relay,
    bus,
    blobs: blobs.store,
    logger,
    users: userReplicaFiller(prisma, bus, logger),
  };
  const verifier =
    deps.verifier ??
    createRemoteTokenVerifier({ bus, cache, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });

  const app = createHttpApp({
    service: 'profile',
    logger,
    jsonLimit: JSON_LIMIT,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    readiness: () => [
      { name: 'database', check: database.isHealthy },
      { name: 'events', check: () => bus.isHealthy() },
      { name: 'blobs', check: () => blobs.store.isHealthy() },
    ],
    routes: (router) => registerProfileRoutes(router, { ctx, verifier }),
  });

  relay.start();
  const subscriptions: Subscription[] = [];
  try {
    subscriptions.push(await replicateUsers(ctx, config.PROFILE_USERS_CONSUMER));
    subscriptions.push(await countForumActivity(ctx, config.PROFILE_FORUM_CONSUMER));
  } catch (error) {
    for (const subscription of subscriptions) await subscription.stop();
    await relay.stop();
    await database.close();
    throw error;
  }

  return {
    name: 'profile',
    app,
    context: ctx,
    components: [blobs.report],
    async stop() {
      for (const subscription of subscriptions) await subscription.stop();
      await relay.stop();
      await prisma.$disconnect();
      await database.close();
    },
  };
}
