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
import type { AdminConfig } from './config.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { registerAdminRoutes } from './http/routes.ts';
import { ADMIN_SCHEMA, type AdminContext } from './use-cases/context.ts';
import { recordAuditedActions } from './use-cases/audit.ts';
import { keepMessageSnapshots } from './use-cases/message-snapshots.ts';
import { replicateUsers, userReplicaFiller } from './use-cases/names.ts';

export const ADMIN_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface AdminDeps extends ServiceDeps {
  /** How tokens are checked; by default as every service but auth does (auth's keys and sessions over the bus). */
  verifier?: TokenVerifier;
}

export async function createAdminService(
  config: AdminConfig,
  deps: AdminDeps,
): Promise<RunningService & { context: AdminContext }> {
  const { logger, bus, cache } = deps;
  const database = openDatabase({
    url: config.DATABASE_URL,
    schema: ADMIN_SCHEMA,
    migrationsDir: ADMIN_MIGRATIONS_DIR,
    logger,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  const prisma = new PrismaClient({
    adapter: database.adapter,
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
  const relay = createOutboxRelay({ pool: database.pool, schema: ADMIN_SCHEMA, bus, logger });
  const users = userReplicaFiller(prisma, bus, logger, config.AUTH_REQUEST_TIMEOUT_MS);
  const ctx: AdminContext = { config, prisma, relay, bus, logger, users };
  const verifier =
    deps.verifier ??
    createRemoteTokenVerifier({ bus, cache, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });

  const app = createHttpApp({
    service: 'admin',
    logger,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    readiness: () => [
      { name: 'database', check: database.isHealthy },
      { name: 'events', check: () => bus.isHealthy() },
    ],
    routes: (router) => registerAdminRoutes(router, { ctx, verifier }),
  });

  relay.start();
  const subscriptions: Subscription[] = [];
  try {
    subscriptions.push(await replicateUsers(ctx, config.ADMIN_USERS_CONSUMER));
    subscriptions.push(await keepMessageSnapshots(ctx, config.ADMIN_MESSAGES_CONSUMER));
    subscriptions.push(await recordAuditedActions(ctx, config.ADMIN_AUDIT_CONSUMER));
  } catch (error) {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await relay.stop();
    await database.close();
    throw error;
  }

  return {
    name: 'admin',
    app,
    context: ctx,
    async stop() {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      await relay.stop();
      await prisma.$disconnect();
      await database.close();
    },
  };
}
