import { connectInfrastructure, createLogger, listen, loadConfig, onShutdown } from '@crucible/platform';
import { gatewayConfigSchema } from './config.ts';
import { createGateway } from './create-gateway.ts';

const config = loadConfig(gatewayConfigSchema);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const infrastructure = await connectInfrastructure({ service: 'gateway', config, logger, fallbackToInProcess: false });
const gateway = createGateway(config, { logger, bus: infrastructure.bus, cache: infrastructure.cache });
const server = await listen(gateway.app, config.PORT, undefined, gateway.serverOptions);
server.server.on('upgrade', gateway.handleUpgrade);
logger.info({ port: server.port, webApp: gateway.servesWebApp }, 'gateway listening');
onShutdown(async () => {
  await server.close();
  await gateway.stop();
  await infrastructure.close();
});
