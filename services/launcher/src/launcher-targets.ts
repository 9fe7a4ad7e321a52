import { randomBytes } from 'node:crypto';
import type { ServiceName } from '@crucible/proto';
import {
  connectInfrastructure,
  isReachable,
  redactRedisUrl,
  createDevMailbox,
  createLogger,
  listen,
  loadConfig,
  serviceReadiness,
  type ComponentReport,
  type Infrastructure,
  type Logger,
  type ReadinessCheck,
} from '@crucible/platform';
import { createGateway, gatewayConfigSchema, type ServiceHandler } from '@crucible/gateway';
import { servicePortVariable, type LauncherConfig } from './config.ts';
import { chooseDatabase, type ChosenDatabase } from './database.ts';
import { SERVICE_STARTERS } from './registry.ts';
import type { TargetDefinition, TargetGraph } from './targets.ts';

type Env = Record<string, string | undefined>;

export interface LauncherContext {
  config: LauncherConfig;
  /** The environment the config came from; each service parses its own variables from it. */
  env: Env;
  logger: Logger;
  /** One line of the start-up report per component. */
  report(component: ComponentReport): void;
}

/** Each service's pool when the launcher runs it (DATABASE_POOL_SIZE overrides it for all). */
const ONE_PROCESS_POOL_SIZE = 6;
const SERVICE_NAMES = Object.keys(SERVICE_STARTERS) as ServiceName[];

function isService(name: string): name is ServiceName {
  return (SERVICE_NAMES as string[]).includes(name);
}

/** `all` is every service and the gateway; otherwise the comma list as given (unknown names are refused on start). */
export function requestedTargets(targets: string): string[] {
  if (targets.trim() === 'all') return [...SERVICE_NAMES, 'gateway'];
  return targets
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** With TARGETS naming part of the product, NATS and Redis must answer: start-up stops saying so. */
async function requireSharedInfrastructure(config: LauncherConfig, requested: readonly string[]): Promise<void> {
  const missing = [
    ...((await isReachable(config.NATS_URL, 4222)) ? [] : [`NATS at ${config.NATS_URL}`]),
    ...((await isReachable(config.REDIS_URL, 6379)) ? [] : [`Redis at ${redactRedisUrl(config.REDIS_URL)}`]),
  ];
  if (missing.length === 0) return;
  throw new Error(
    `TARGETS=${requested.join(',')} runs part of the product, which needs the shared ${missing.join(' and ')}, ` +
      `but nothing answers there. Start ${missing.length > 1 ? 'them' : 'it'} (or fix the URL), or run TARGETS=all ` +
      `to use the in-process bus and memory cache of one process.`,
  );
}

export function publicUrlOf(config: LauncherConfig): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/**
 * What one process can run, with what each needs: services need the database and the shared
 * connections; the gateway needs the connections and starts after the services it runs with, so it
 * knows their addresses and its /readyz covers them. A gateway alone (TARGETS=gateway) needs no database.
 */
export function launcherTargets(context: LauncherContext, requested: readonly string[]): TargetGraph {
  const { config, logger, report } = context;
  // The gateway signs each client's address for the services with this (platform http/client-address.ts).
  // In one process both sides read it here; processes started apart must be given the same one.
  const env: Env = {
    ...context.env,
    GATEWAY_SECRET: context.env.GATEWAY_SECRET || randomBytes(32).toString('base64url'),
  };
  const publicUrl = publicUrlOf(config);
  let database: ChosenDatabase | undefined;
  let infrastructure: Infrastructure | undefined;
  const serviceUrls: Record<string, string> = {};
  // The gateway hands these services' requests to their apps directly (no loopback hop).
  const serviceApps: Partial<Record<ServiceName, ServiceHandler>> = {};
  const readiness: ReadinessCheck[] = [];
  /** Close the WebSockets of this process's services (realtime's), each with its service's own code. */
  const socketClosers: (() => Promise<void>)[] = [];
  // One process registers the default process metrics once, whoever starts first.
  let processMetricsTaken = false;
  const claimProcessMetrics = () => !processMetricsTaken && (processMetricsTaken = true);
  const sharedConnections = () => ({ bus: infrastructure!.bus, cache: infrastructure!.cache });
  // Without SMTP the services of this process share one dev mailbox: auth's page shows every mail
  // (its own and realtime's e-mail summaries).
  const devMailbox = env.SMTP_URL
    ? undefined
    : createDevMailbox({ logger: createLogger({ service: 'mail', level: config.LOG_LEVEL }) });

  const serviceTarget = (name: ServiceName): TargetDefinition => ({
    dependsOn: ['database', 'infrastructure'],
    async start() {
      const port = config[servicePortVariable(name)];
      const serviceEnv = {
        ...env,
        PORT: String(port),
        DATABASE_URL: database!.url,
        PUBLIC_URL: publicUrl,
        // One process runs every service against one server: 7 pools of 6 (42, plus a migration
        // connection each at start) stay well inside a default PostgreSQL's 100.
        DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE ?? String(ONE_PROCESS_POOL_SIZE),
      };
      const serviceLogger = createLogger({ service: name, level: config.LOG_LEVEL });
      const service = await SERVICE_STARTERS[name]!(serviceEnv, {
        ...sharedConnections(),
        logger: serviceLogger,
        collectProcessMetrics: claimProcessMetrics(),
        mailer: devMailbox,
      });
      const server = await listen(service.app, port, '127.0.0.1').catch(async (error: unknown) => {
        await service.stop();
        throw error;
      });
      if (service.webSocket) {
        server.server.on('upgrade', service.webSocket.handleUpgrade);
        socketClosers.push(service.webSocket.closeAll);
      }
      const url = `http://127.0.0.1:${server.port}`;
      serviceUrls[`${name.toUpperCase()}_URL`] = url;
      serviceApps[name] = service.app;
      readiness.push(serviceReadiness(name, url));
      report({ component: name, kind: 'service', location: url });
      for (const component of service.components ?? []) report(component);
      return {
        async stop() {
          await service.webSocket?.closeAll();
          await server.close();
          await service.stop();
        },
      };
    },
  });

  const graph: TargetGraph = {
    database: {
      async start() {
        database = await chooseDatabase(config, logger);
        report(database.report);
        return database;
      },
    },
    infrastructure: {
      async start() {
        // An in-process bus or memory cache is one process's alone: a process running part of the
        // product with them would accept work no other process ever hears of.
        const runsEverything = [...SERVICE_NAMES, 'gateway'].every((name) => requested.includes(name));
        if (!runsEverything) await requireSharedInfrastructure(config, requested);
        infrastructure = await connectInfrastructure({
          service: 'launcher',
          config,
          logger,
          fallbackToInProcess: runsEverything,
        });
        for (const component of infrastructure.components) report(component);
        return { stop: infrastructure.close };
      },
    },
    gateway: {
      dependsOn: ['infrastructure', ...requested.filter(isService)],
      async start() {
        const gatewayConfig = loadConfig(gatewayConfigSchema, { ...env, ...serviceUrls, PORT: String(config.PORT) });
        const gatewayLogger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
        const gateway = createGateway(gatewayConfig, {
          ...sharedConnections(),
          logger: gatewayLogger,
          collectProcessMetrics: claimProcessMetrics(),
          serviceReadiness: [...readiness],
          inProcessServices: { ...serviceApps },
        });
        const server = await listen(gateway.app, config.PORT, config.HOST, gateway.serverOptions).catch(
          async (error: unknown) => {
            await gateway.stop();
            throw error;
          },
        );
        server.server.on('upgrade', gateway.handleUpgrade);
        report({
          component: 'gateway',
          kind: 'API gateway + web app',
          location: `${publicUrl}${gateway.servesWebApp ? '' : ' (web app not built: npm run build)'}`,
        });
        return {
          // The gateway stops taking requests and finishes its own before the services it proxies to stop.
          // The sockets it proxies would hold it open: their service closes them first, with the
          // code on which clients reconnect (1012, service restart).
          async stop() {
            await Promise.all(socketClosers.map((closeAll) => closeAll()));
            await server.close();
            await gateway.stop();
          },
        };
      },
    },
  };
  for (const name of SERVICE_NAMES) graph[name] = serviceTarget(name);
  return graph;
}
