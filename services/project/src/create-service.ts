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
import { LRUCache } from 'lru-cache';
import type { ProjectConfig } from './config.ts';
import { projectEvents } from './events.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { registerProjectRoutes } from './http/routes.ts';
import { sweepExpiredUploads } from './use-cases/attachments.ts';
import { PROJECT_SCHEMA, type ProjectContext } from './use-cases/context.ts';
import { usersReplica } from './use-cases/user-replica.ts';

export const PROJECT_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** Task lists kept built, by their JSON's length (characters): 5,000 tasks take about 3 MB. */
const TASK_LIST_CACHE_CHARS = 64 * 1024 * 1024;

export async function createProjectService(
  config: ProjectConfig,
  deps: MemberServiceDeps,
): Promise<RunningService & { context: ProjectContext }> {
  const { logger, bus } = deps;
  const store = await openServiceStore({
    config,
    deps,
    schema: PROJECT_SCHEMA,
    migrationsDir: PROJECT_MIGRATIONS_DIR,
    openClient: (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }),
  });
  const { prisma, relay, verifier } = store;
  const blobs = await connectBlobStore(config);
  const users = usersReplica(prisma);
  const ctx: ProjectContext = {
    config,
    prisma,
    pool: store.database.pool,
    relay,
    taskLists: new LRUCache({
      maxSize: TASK_LIST_CACHE_CHARS,
      sizeCalculation: (entry) => Math.max(1, entry.list.length),
    }),
    blobs: blobs.store,
    logger,
    users: users.filler(bus, logger),
  };
  const app = createHttpApp({
    service: 'project',
    logger,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    gatewaySecret: config.GATEWAY_SECRET,
    readiness: () => [...store.readiness, { name: 'blobs', check: () => blobs.store.isHealthy() }],
    routes: (router) => {
      // One machine: the gateway sends /api/blobs to the forum, which shares the disk folder and
      // secret; mounted here too so the service stands alone (tests, a split deployment).
      if (blobs.router) router.use(DISK_BLOB_ROUTE, blobs.router);
      registerProjectRoutes(router, { ctx, verifier });
    },
  });

  await store.start(projectEvents(ctx, bus, users));
  const stopUploadSweep = sweepUploadsPeriodically(() => sweepExpiredUploads(ctx), logger);

  return {
    name: 'project',
    app,
    context: ctx,
    components: [blobs.report],
    async stop() {
      stopUploadSweep();
      await store.close();
    },
  };
}
