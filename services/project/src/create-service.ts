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
import type { ProjectConfig } from './config.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { registerProjectRoutes } from './http/routes.ts';
import { PROJECT_SCHEMA, type ProjectContext } from './use-cases/context.ts';
import { replicateUsers, userReplicaFiller } from './use-cases/user-replica.ts';

export const PROJECT_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface ProjectDeps extends ServiceDeps {
  /** How tokens are checked; by default as every service but auth does (auth's keys and sessions over the bus). */
  verifier?: TokenVerifier;
}

export async function createProjectService(
  config: ProjectConfig,
  deps: ProjectDeps,
): Promise<RunningService & { context: ProjectContext }> {
  const { logger, bus, cache } = deps;
  const database = openDatabase({
    url: config.DATABASE_URL,
    schema: PROJECT_SCHEMA,
    migrationsDir: PROJECT_MIGRATIONS_DIR,
    logger,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  const prisma = new PrismaClient({
    adapter: database.adapter,
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
  const relay = createOutboxRelay({ pool: database.pool, schema: PROJECT_SCHEMA, bus, logger });
  const ctx: ProjectContext = {
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
    service: 'project',
    logger,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    readiness: () => [
      { name: 'database', check: database.isHealthy },
      { name: 'events', check: () => bus.isHealthy() },
    ],
    routes: (router) => registerProjectRoutes(router, { ctx, verifier }),
  });

  relay.start();
  let users: Subscription | undefined;
  try {
    users = await replicateUsers(ctx, bus, config.PROJECT_USERS_CONSUMER);
  } catch (error) {
    await relay.stop();
    await database.close();
    throw error;
  }

  return {
    name: 'project',
    app,
    context: ctx,
    async stop() {
      await users?.stop();
      await relay.stop();
      await prisma.$disconnect();
      await database.close();
    },
  };
}
