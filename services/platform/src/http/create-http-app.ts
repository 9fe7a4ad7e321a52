import { createServer, type Server, type ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type Express, type Router } from 'express';
import type { Logger } from '../logging/logger.ts';
import { errorMiddleware, notFoundHandler } from '../errors/error-middleware.ts';
import { useGatewayClientAddress } from './client-address.ts';
import { livenessHandler, readinessHandler, type ReadinessCheck } from './health.ts';
import { createHttpMetrics } from './metrics.ts';
import { refuseDeepJson } from './json-depth.ts';
import { noStoreForCredentials } from './no-store.ts';
import { requestLog } from './request-log.ts';
import { refuseUnstorableText } from './text-hygiene.ts';
import { idempotentSends } from './idempotency.ts';
import type { Cache } from '../cache/cache.ts';

export { REQUEST_ID_HEADER } from './request-log.ts';

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  readiness: () => ReadinessCheck[];
  /** JSON body limit; services with larger bodies raise it on their own routes. False: bodies stay unread (the gateway streams them on). */
  jsonLimit?: string | false;
  routes: (router: Router) => void;
  /**
   * The gateway's: which hops' X-Forwarded-For to believe (Express `trust proxy`, its TRUST_PROXY).
   * Services leave it unset: they believe only the gateway's signed client address (client-address.ts).
   */
  trustProxy?: string;
  /** GATEWAY_SECRET, with which a service checks the client address the gateway signed. */
  gatewaySecret?: string;
  /** Default process metrics are registered once per process (the launcher runs many services). */
  collectProcessMetrics?: boolean;
  /**
   * METRICS_TOKEN: the bearer token /metrics asks for; without it, only direct loopback clients get
   * it. Required to be stated (possibly undefined) so no service forgets to pass its config's: two did.
   */
  metricsToken: string | undefined;
  /** Where a POST's answer is kept for a repeat with the same Idempotency-Key (idempotency.ts); services that take sends pass their cache. */
  idempotencyCache?: Cache;
}

/**
 * The Express app every service shares: request ids (kept from the gateway when well-formed),
 * request logs, metrics, health, no-store on answers to signed-in requests, JSON bodies (nesting limited to MAX_JSON_DEPTH), the refusal of text PostgreSQL cannot store, the service's
 * routes, then 404 and the error renderer.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  else useGatewayClientAddress(app, options.gatewaySecret);
  const metrics = createHttpMetrics(options.service, {
    collectProcessMetrics: options.collectProcessMetrics,
    token: options.metricsToken,
  });

  app.get('/healthz', livenessHandler);
  app.get('/readyz', readinessHandler(options.readiness, options.service));
  app.get('/metrics', metrics.handler);

  app.use(requestLog(options.logger));
  app.use(metrics.middleware);
  app.use(noStoreForCredentials);
  if (options.jsonLimit !== false)
    app.use(express.json({ limit: options.jsonLimit ?? '100kb', strict: true, verify: refuseDeepJson }));
  app.use(refuseUnstorableText);
  if (options.idempotencyCache) app.use(idempotentSends(options.idempotencyCache, options.service));

  const router = express.Router();
  options.routes(router);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
}

/** How long requests still running when the server closes may take before their sockets go. */
const CLOSE_GRACE_MS = 5000;

/**
 * Listens and resolves once the port is bound; `close` drains keep-alive connections. `serverOptions`
 * are Node's server options (the gateway's header and request timeouts).
 */
export async function listen(
  app: Express,
  port: number,
  host = '0.0.0.0',
  serverOptions: ServerOptions = {},
): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const started = createServer(serverOptions, app);
    started.once('error', reject);
    started.listen(port, host, () => resolve(started));
  });
  server.keepAliveTimeout = 65_000;
  // Upgraded sockets (WebSockets, proxied or served) are no longer the HTTP server's to close, yet
  // server.close waits for them: they are tracked here so a close ends them after the grace period.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests still running get a grace period, then their sockets go, upgraded ones too (the
        // service that owns a WebSocket closes it first with its own code).
        setTimeout(() => {
          server.closeAllConnections();
          for (const socket of upgraded) socket.destroy();
        }, CLOSE_GRACE_MS).unref();
      }),
  };
}
