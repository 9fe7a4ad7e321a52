import { fileURLToPath } from 'node:url';
import {
  DISK_BLOB_ROUTE,
  connectBlobStore,
  createHttpApp,
  openServiceStore,
  sweepUploadsPeriodically,
  type RunningService,
  type MemberServiceDeps,
} from '@crucible/platform';
import type { ForumConfig } from './config.ts';
import { forumEvents } from './events.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { registerForumRoutes } from './http/routes.ts';
import { FORUM_SCHEMA, type ForumContext } from './use-cases/context.ts';
import { sweepExpiredUploads } from './use-cases/attachments.ts';
import { usersReplica } from './use-cases/user-replica.ts';

export const FORUM_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** Posts can be long (50,000 characters of content): larger than the platform's default JSON limit. */
const JSON_LIMIT = '512kb';

export async function createForumService(
  config: ForumConfig,
  deps: MemberServiceDeps,
): Promise<RunningService & { context: ForumContext }> {
  const { logger, bus, cache } = deps;
  const store = await openServiceStore({
    config,
    deps,
    schema: FORUM_SCHEMA,
    migrationsDir: FORUM_MIGRATIONS_DIR,
    openClient: (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }),
  });
  const { prisma, relay, verifier } = store;
  const blobs = await connectBlobStore(config);
  const users = usersReplica(prisma);
  const ctx: ForumContext = {
    config,
    prisma,
    pool: store.database.pool,
    relay,
    blobs: blobs.store,
    cache,
    logger,
    users: users.filler(bus, logger),
  };
  const app = createHttpApp({
    service: 'forum',
    logger,
    jsonLimit: JSON_LIMIT,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    gatewaySecret: config.GATEWAY_SECRET,
    idempotencyCache: deps.cache,
    readiness: () => [...store.readiness, { name: 'blobs', check: () => blobs.store.isHealthy() }],
    routes: (router) => {
      // The JSON parser in front only reads application/json bodies, and no upload link is signed
      // for that type, so uploads reach the disk store's router unread.
      if (blobs.router) router.use(DISK_BLOB_ROUTE, blobs.router);
      registerForumRoutes(router, { ctx, verifier });
    },
  });

  await store.start(forumEvents(ctx, bus, users));
  const stopUploadSweep = sweepUploadsPeriodically(() => sweepExpiredUploads(ctx), logger);

  return {
    name: 'forum',
    app,
    context: ctx,
    components: [blobs.report],
    async stop() {
      stopUploadSweep();
      await store.close();
    },
  };
}
