import { fileURLToPath } from 'node:url';
import {
  reportGauge,
  createDevMailbox,
  createHttpApp,
  createSmtpMailer,
  openServiceStore,
  type RunningService,
  type MemberServiceDeps,
  type Subscription,
} from '@crucible/platform';
import type { RealtimeConfig } from './config.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { realtimeEvents } from './events.ts';
import { registerRealtimeRoutes } from './http/routes.ts';
import { LiveHub } from './live/hub.ts';
import { Presence } from './live/presence.ts';
import { createSocketServer } from './live/socket-server.ts';
import { sqlOnPool } from './repositories/sql.ts';
import { REALTIME_SCHEMA, type RealtimeContext } from './use-cases/context.ts';
import { createDigestLoop, createUnsubscribeLinks } from './use-cases/email-digest.ts';
import { createTypingChecks } from './use-cases/typing.ts';
import { createUserFiller, describeOnline } from './use-cases/users.ts';

export const REALTIME_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
const JSON_LIMIT = '16kb';

export async function createRealtimeService(
  config: RealtimeConfig,
  deps: MemberServiceDeps,
): Promise<RunningService & { context: RealtimeContext }> {
  const { logger, bus, cache } = deps;
  const store = await openServiceStore({
    config,
    deps,
    schema: REALTIME_SCHEMA,
    migrationsDir: REALTIME_MIGRATIONS_DIR,
    openClient: (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }),
  });
  const { prisma, verifier } = store;
  const { pool } = store.database;
  const hub = new LiveHub(bus, logger);
  let ctx: RealtimeContext;
  try {
    const partial: Omit<RealtimeContext, 'presence'> = {
      config,
      prisma,
      pool,
      sql: sqlOnPool(pool),
      bus,
      cache,
      logger,
      hub,
      userFiller: createUserFiller(prisma, bus, logger),
      typingChecks: createTypingChecks(config.REALTIME_TYPING_CHECK_TTL_MS),
      unsubscribeLinks: await createUnsubscribeLinks({ prisma }),
    };
    const presence = new Presence({
      cache,
      hub,
      logger,
      ttlSeconds: config.REALTIME_PRESENCE_TTL_SECONDS,
      coalesceMs: config.REALTIME_PRESENCE_COALESCE_MS,
      describe: (ids) => describeOnline(ctx, ids),
    });
    ctx = { ...partial, presence };
  } catch (error) {
    await store.close();
    throw error;
  }
  // The hub and presence start and stop with the consumers, so a failed start leaves none running.
  await store.start([
    async (): Promise<Subscription> => {
      await hub.start((change) => {
        for (const id of change.changedMemberIds ?? []) ctx.presence.memberChanged(id);
        ctx.presence.scheduleUpdate();
      });
      return { stop: () => hub.stop() };
    },
    async (): Promise<Subscription> => {
      ctx.presence.start();
      return { stop: async () => ctx.presence.stop() };
    },
    ...realtimeEvents(ctx),
  ]);
  reportRealtimeGauges(hub, ctx.presence);
  const sockets = createSocketServer(ctx, verifier);
  const mailer =
    deps.mailer ??
    (config.SMTP_URL
      ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger })
      : createDevMailbox({ logger }));
  const digestLoop = createDigestLoop(ctx, { mailer, links: ctx.unsubscribeLinks });
  digestLoop.start();

  const app = createHttpApp({
    service: 'realtime',
    logger,
    jsonLimit: JSON_LIMIT,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    gatewaySecret: config.GATEWAY_SECRET,
    // Local sockets, chat and sessions seen keep working while the broker is away.
    readiness: () => store.readiness,
    routes: (router) => registerRealtimeRoutes(router, { ctx, verifier }),
  });

  return {
    name: 'realtime',
    app,
    context: ctx,
    webSocket: sockets,
    async stop() {
      await sockets.closeAll();
      await digestLoop.stop();
      await store.close();
    },
  };
}

/** The figures SREs watch on /metrics (deploy/observability): this instance's sockets, everyone online. */
function reportRealtimeGauges(hub: LiveHub, presence: Presence): void {
  reportGauge(
    'crucible_realtime_sockets',
    'Open /ws connections on this instance',
    'realtime',
    () => hub.connections().length,
  );
  reportGauge(
    'crucible_presence_online_users',
    'Members online on any instance',
    'realtime',
    async () => (await presence.onlineIds()).length,
  );
}
