import { SERVICES, type ServiceName } from '@crucible/proto';
import { configFields, loadConfig } from '../config/load-config.ts';
import { listen } from '../http/create-http-app.ts';
import { createLogger, type Logger } from '../logging/logger.ts';
import type { RunningService } from '../service.ts';
import { connectInfrastructure, infrastructureConfigSchema, type Infrastructure } from './infrastructure.ts';
import { migrateConfigSchema, migrateService, runModeConfigSchema } from './migrate.ts';
import { onShutdown } from './shutdown.ts';

export type ServiceFactory = (deps: {
  logger: Logger;
  bus: Infrastructure['bus'];
  cache: Infrastructure['cache'];
}) => Promise<RunningService>;

/** A service as its own process (one pod per service): real NATS and Redis, no fallbacks. */
export async function runStandalone(name: ServiceName, create: ServiceFactory): Promise<void> {
  if (loadConfig(runModeConfigSchema).RUN_MODE === 'migrate') {
    // The rollout's migration Job: apply, say so, exit; no NATS, Redis or HTTP.
    const config = loadConfig(migrateConfigSchema);
    const logger = createLogger({ service: name, level: config.LOG_LEVEL });
    await migrateService(name, { url: config.DATABASE_URL, logger });
    logger.info(`${name} migrations applied`);
    return;
  }
  const config = loadConfig(
    infrastructureConfigSchema.extend({
      PORT: configFields.port(SERVICES[name].defaultPort),
      LOG_LEVEL: configFields.logLevel,
    }),
  );
  const logger = createLogger({ service: name, level: config.LOG_LEVEL });
  const infrastructure = await connectInfrastructure({ service: name, config, logger, fallbackToInProcess: false });
  const service = await create({ logger, bus: infrastructure.bus, cache: infrastructure.cache });
  const server = await listen(service.app, config.PORT);
  if (service.webSocket) server.server.on('upgrade', service.webSocket.handleUpgrade);
  logger.info({ port: server.port }, `${name} listening`);
  onShutdown(async () => {
    await service.webSocket?.closeAll();
    await server.close();
    await service.stop();
    await infrastructure.close();
  });
}
