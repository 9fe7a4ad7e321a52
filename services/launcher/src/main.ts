import { performance } from 'node:perf_hooks';
import { SERVICES, type ServiceName } from '@crucible/proto';
import { connectInfrastructure, createLogger, listen, loadConfig, onShutdown, type ComponentReport } from '@crucible/platform';
import { createGateway, gatewayConfigSchema } from '@crucible/gateway';
import { launcherConfigSchema } from './config.ts';
import { chooseDatabase } from './database.ts';
import { SERVICE_STARTERS } from './registry.ts';

const startedAt = performance.now();
const config = loadConfig(launcherConfigSchema);
const logger = createLogger({ service: 'launcher', level: config.LOG_LEVEL });
const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

function selectedTargets(): { services: ServiceName[]; gateway: boolean } {
  const available = Object.keys(SERVICE_STARTERS) as ServiceName[];
  if (config.TARGETS === 'all') return { services: available, gateway: true };
  const names = config.TARGETS.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => name !== 'gateway' && !available.includes(name as ServiceName));
  if (unknown.length) throw new Error(`TARGETS names unknown services: ${unknown.join(', ')} (available: ${[...available, 'gateway'].join(', ')})`);
  return { services: names.filter((name): name is ServiceName => name !== 'gateway'), gateway: names.includes('gateway') };
}

function printComponent({ component, kind, location }: ComponentReport): void {
  console.log(`  ${component.padEnd(10)} ${kind.padEnd(26)} ${location}`);
}

const targets = selectedTargets();
// A gateway alone needs no database.
const database = targets.services.length ? await chooseDatabase(config, logger) : undefined;
const infrastructure = await connectInfrastructure({ service: 'launcher', config, logger, fallbackToInProcess: true });
for (const report of [...(database ? [database.report] : []), ...infrastructure.components]) printComponent(report);

// One process: every service shares the connections and registers process metrics only once.
const deps = { logger, bus: infrastructure.bus, cache: infrastructure.cache };
const serviceUrls: Record<string, string> = {};
const running: { stop(): Promise<void> }[] = [];
const servers: { close(): Promise<void> }[] = [];
for (const [index, name] of targets.services.entries()) {
  const port = Number(process.env[`${name.toUpperCase()}_PORT`] ?? SERVICES[name].defaultPort);
  const env = { ...process.env, PORT: String(port), DATABASE_URL: database!.url, PUBLIC_URL: publicUrl };
  const service = await SERVICE_STARTERS[name]!(env, { ...deps, logger: createLogger({ service: name, level: config.LOG_LEVEL }), collectProcessMetrics: index === 0 });
  const server = await listen(service.app, port, '127.0.0.1');
  running.push(service);
  servers.push(server);
  serviceUrls[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${server.port}`;
  printComponent({ component: name, kind: 'service', location: serviceUrls[`${name.toUpperCase()}_URL`]! });
  for (const report of service.components ?? []) printComponent(report);
}

if (targets.gateway) {
  const gatewayConfig = loadConfig(gatewayConfigSchema, { ...process.env, ...serviceUrls, PORT: String(config.PORT) });
  const gateway = createGateway(gatewayConfig, { ...deps, logger: createLogger({ service: 'gateway', level: config.LOG_LEVEL }), collectProcessMetrics: targets.services.length === 0 });
  const server = await listen(gateway.app, config.PORT, config.HOST);
  server.server.on('upgrade', gateway.handleUpgrade);
  running.unshift(gateway);
  servers.unshift(server);
  printComponent({ component: 'gateway', kind: 'API gateway + web app', location: `${publicUrl}${gateway.servesWebApp ? '' : ' (web app not built: npm run build)'}` });
}

console.log(`Crucible is ready at ${publicUrl} (started in ${Math.round(performance.now() - startedAt)} ms)`);

onShutdown(async () => {
  // Front to back: the gateway stops taking requests and finishes its own before the services it
  // proxies to close; then services flush their outboxes; then the shared connections close.
  for (const server of servers) await server.close();
  for (const service of running) await service.stop();
  await infrastructure.close();
  await database?.stop();
});
