import { randomBytes } from 'node:crypto';
import { authConfigSchema, createAuthService } from '@crucible/auth';
import {
  createRedisCache,
  listen,
  loadConfig,
  silentLogger,
  type Cache,
  type EventBus,
  type RunningService,
} from '@crucible/platform';
import {
  createTestDatabase,
  createTestNatsBus,
  requireService,
  TEST_SERVICES,
  type TestDatabase,
} from '@crucible/test-kit';
import { gatewayConfigSchema } from '../config.ts';
import { createGateway, type Gateway, type GatewayDeps } from '../create-gateway.ts';

export type Server = Awaited<ReturnType<typeof listen>>;

export interface AuthBehindGateway {
  database: TestDatabase;
  bus: EventBus;
  cache: Cache;
  auth: RunningService;
  /** Where the auth service answers directly, as the gateway's AUTH_URL. */
  authUrl: string;
  /**
   * Starts a gateway configured by `env` (the kit's GATEWAY_SECRET when it has one; no service URL
   * unless `env` names it, so a test can start a gateway with auth missing) and answers its base URL;
   * `stop` stops every one started.
   */
  startGateway(
    env?: Record<string, string>,
    deps?: Partial<GatewayDeps>,
  ): Promise<{ url: string; gateway: Gateway; server: Server }>;
  stop(): Promise<void>;
}

/**
 * What the gateway's integration tests stand on: a real auth service on its own database, NATS and
 * a Redis cache under its own key prefix, and gateways started in front of it. `gatewaySecret` is
 * shared by auth and every gateway, so auth believes the client address the gateway names.
 */
export async function startAuthBehindGateway(
  name: string,
  options: { gatewaySecret?: string } = {},
): Promise<AuthBehindGateway> {
  await Promise.all([requireService('nats'), requireService('redis')]);
  const database = await createTestDatabase(`gateway_${name}`);
  const bus = await createTestNatsBus(`gateway-${name}-test`);
  const cache = await createRedisCache({
    url: TEST_SERVICES.redis.url,
    keyPrefix: `test-${randomBytes(4).toString('hex')}:`,
    logger: silentLogger,
  });
  const secret = options.gatewaySecret ? { GATEWAY_SECRET: options.gatewaySecret } : {};
  const auth = await createAuthService(loadConfig(authConfigSchema, { DATABASE_URL: database.url, ...secret }), {
    logger: silentLogger,
    bus,
    cache,
    collectProcessMetrics: false,
  });
  const authServer = await listen(auth.app, 0, '127.0.0.1');
  const authUrl = `http://127.0.0.1:${authServer.port}`;
  const started: { gateway: Gateway; server: Server }[] = [];

  return {
    database,
    bus,
    cache,
    auth,
    authUrl,
    async startGateway(env = {}, deps = {}) {
      const config = loadConfig(gatewayConfigSchema, { ...secret, ...env });
      const gateway = createGateway(config, {
        logger: silentLogger,
        bus,
        cache,
        collectProcessMetrics: false,
        ...deps,
      });
      const server = await listen(gateway.app, 0, '127.0.0.1', gateway.serverOptions);
      server.server.on('upgrade', gateway.handleUpgrade);
      started.push({ gateway, server });
      return { url: `http://127.0.0.1:${server.port}`, gateway, server };
    },
    async stop() {
      for (const { gateway, server } of started) {
        await server.close();
        await gateway.stop();
      }
      await authServer.close();
      await auth.stop();
      await bus.close();
      await cache.close();
      await database.drop();
    },
  };
}
