export { gatewayConfigSchema, type GatewayConfig } from './config.ts';
export { createGateway, type Gateway } from './create-gateway.ts';
export type { ServiceHandler } from './in-process.ts';
