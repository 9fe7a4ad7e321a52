import { fileURLToPath } from 'node:url';
import {
  connectBlobStore,
  createHttpApp,
  openServiceStore,
  type MemberServiceDeps,
  type RunningService,
} from '@crucible/platform';
import type { ProfileConfig } from './config.ts';
import { profileEvents } from './events.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { registerProfileRoutes } from './http/routes.ts';
import { PROFILE_SCHEMA, type ProfileContext } from './use-cases/context.ts';
import { usersReplica } from './use-cases/user-replica.ts';

export const PROFILE_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** A 2 MB picture as base64 in a data URL is about 2.8 MB of JSON. */
const JSON_LIMIT = '3mb';

export async function createProfileService(
  config: ProfileConfig,
  deps: MemberServiceDeps,
): Promise<RunningService & { context: ProfileContext }> {
  const { logger, bus } = deps;
  const blobs = await connectBlobStore(config);
  const store = await openServiceStore({
    config,
    deps,
    schema: PROFILE_SCHEMA,
    migrationsDir: PROFILE_MIGRATIONS_DIR,
    openClient: (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }),
  });
  const { prisma, relay, verifier } = store;
  const users = usersReplica(prisma, blobs.store);
  const ctx: ProfileContext = {
    config,
    prisma,
    pool: store.database.pool,
    relay,
    bus,
    blobs: blobs.store,
    logger,
    users: users.filler(bus, logger),
  };
  const app = createHttpApp({
    service: 'profile',
    logger,
    jsonLimit: JSON_LIMIT,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    gatewaySecret: config.GATEWAY_SECRET,
    readiness: () => [...store.readiness, { name: 'blobs', check: () => blobs.store.isHealthy() }],
    routes: (router) => registerProfileRoutes(router, { ctx, verifier }),
  });

  await store.start(profileEvents(ctx, bus, users));

  return {
    name: 'profile',
    app,
    context: ctx,
    components: [blobs.report],
    stop: () => store.close(),
  };
}
