import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import express, { type Express, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logging/logger.ts';
import { errorMiddleware, notFoundHandler } from '../errors/error-middleware.ts';
import { livenessHandler, readinessHandler, type ReadinessCheck } from './health.ts';
import { createHttpMetrics } from './metrics.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  readiness: () => ReadinessCheck[];
  /** JSON body limit; services with larger bodies raise it on their own routes. False: bodies stay unread (the gateway streams them on). */
  jsonLimit?: string | false;
  routes: (router: Router) => void;
  /**
   * Which hops' X-Forwarded-For to believe (Express `trust proxy`). Services sit behind the gateway
   * on private addresses; the gateway itself believes only what its deployment names.
   */
  trustProxy?: string;
  /** Default process metrics are registered once per process (the launcher runs many services). */
  collectProcessMetrics?: boolean;
}

/**
 * The Express app every service shares: request ids (kept from the gateway when well-formed),
 * request logs, metrics, health, JSON bodies, the service's routes, then 404 and the error renderer.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback, linklocal, uniquelocal');
  const metrics = createHttpMetrics(options.service, { collectProcessMetrics: options.collectProcessMetrics });

  app.get('/healthz', livenessHandler);
  app.get('/readyz', readinessHandler(options.readiness));
  app.get('/metrics', metrics.handler);

  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req, res) => {
        const incoming = req.headers[REQUEST_ID_HEADER];
        const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
      quietReqLogger: true,
    }),
  );
  app.use(metrics.middleware);
  if (options.jsonLimit !== false) app.use(express.json({ limit: options.jsonLimit ?? '100kb', strict: true }));

  const router = express.Router();
  options.routes(router);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
}

/** Listens and resolves once the port is bound; `close` drains keep-alive connections. */
export async function listen(app: Express, port: number, host = '0.0.0.0'): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const started = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(started)));
    started.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests still running get a grace period, then their sockets go.
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      }),
  };
}
