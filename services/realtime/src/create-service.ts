import { fileURLToPath } from 'node:url';
import {
  reportGauge,
  createDevMailbox,
  createHttpApp,
  createSmtpMailer,
  createRemoteTokenVerifier,
  openDatabase,
  startBusEndpoints,
  type RunningService,
  type ServiceDeps,
  type Subscription,
  type TokenVerifier,
  type WorkLoop,
} from '@crucible/platform';
import type { RealtimeConfig } from './config.ts';
import { realtimeEvents } from './events.ts';
import { registerRealtimeRoutes } from './http/routes.ts';
import { LiveHub } from './live/hub.ts';
import { Presence } from './live/presence.ts';
import { createSocketServer } from './live/socket-server.ts';
import { REALTIME_SCHEMA, type RealtimeContext } from './use-cases/context.ts';
import { createDigestLoop, createUnsubscribeLinks } from './use-cases/email-digest.ts';
import { createTypingChecks } from './use-cases/typing.ts';
import { createUserFiller, describeOnline } from './use-cases/users.ts';

export const REALTIME_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
const JSON_LIMIT = '16kb';

export interface RealtimeDeps extends ServiceDeps {
  /** How tokens are checked; by default auth's keys and sessions over the bus. */
  verifier?: TokenVerifier;
}

export async function createRealtimeService(
  config: RealtimeConfig,
  deps: RealtimeDeps,
): Promise<RunningService & { context: RealtimeContext }> {
  const { logger, bus, cache } = deps;
  const database = openDatabase({
    url: config.DATABASE_URL,
    schema: REALTIME_SCHEMA,
    migrationsDir: REALTIME_MIGRATIONS_DIR,
    logger,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const hub = new LiveHub(bus, logger);
  let presence: Presence | undefined;
  let digestLoop: WorkLoop | undefined;
  const subscriptions: Subscription[] = [];
  const stopAll = async () => {
    await digestLoop?.stop();
    presence?.stop();
    for (const subscription of subscriptions.splice(0)) await subscription.stop();
    await hub.stop();
    await database.close();
  };
  try {
    await database.migrate();
    const ctx = {
      config,
      pool: database.pool,
      bus,
      cache,
      logger,
      hub,
      userFiller: createUserFiller(database.pool, bus, logger),
      typingChecks: createTypingChecks(config.REALTIME_TYPING_CHECK_TTL_MS),
      unsubscribeLinks: await createUnsubscribeLinks({ pool: database.pool }),
    } as Omit<RealtimeContext, 'presence'> as RealtimeContext;
    presence = new Presence({
      cache,
      hub,
      logger,
      ttlSeconds: config.REALTIME_PRESENCE_TTL_SECONDS,
      coalesceMs: config.REALTIME_PRESENCE_COALESCE_MS,
      describe: (ids) => describeOnline(ctx, ids),
    });
    ctx.presence = presence;
    const verifier =
      deps.verifier ??
      createRemoteTokenVerifier({ bus, cache, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });

    await hub.start((change) => {
      for (const id of change.changedMemberIds ?? []) ctx.presence.memberChanged(id);
      ctx.presence.scheduleUpdate();
    });
    presence.start();
    reportRealtimeGauges(hub, presence);
    subscriptions.push(...(await startBusEndpoints(realtimeEvents(ctx))));
    const sockets = createSocketServer(ctx, verifier);
    const mailer =
      deps.mailer ??
      (config.SMTP_URL
        ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger })
        : createDevMailbox({ logger }));
    digestLoop = createDigestLoop(ctx, { mailer, links: ctx.unsubscribeLinks });
    digestLoop.start();

    const app = createHttpApp({
      service: 'realtime',
      logger,
      jsonLimit: JSON_LIMIT,
      collectProcessMetrics: deps.collectProcessMetrics,
      metricsToken: config.METRICS_TOKEN,
      gatewaySecret: config.GATEWAY_SECRET,
      readiness: () => [
        { name: 'database', check: database.isHealthy },
        // Local sockets, chat and sessions seen keep working while the broker is away.
        { name: 'events', check: () => bus.isHealthy(), optional: true },
      ],
      routes: (router) => registerRealtimeRoutes(router, { ctx, verifier }),
    });

    return {
      name: 'realtime',
      app,
      context: ctx,
      webSocket: sockets,
      async stop() {
        await sockets.closeAll();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
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
