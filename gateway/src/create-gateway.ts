import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import cors from 'cors';
import type { RequestHandler, Router } from 'express';
import helmet from 'helmet';
import { WEBSOCKET_PATH } from '@crucible/proto';
import {
  HttpError, NotFoundError, ServiceUnavailableError, authenticate, createHttpApp, createRateLimit, createRemoteTokenVerifier,
  type Cache, type EventBus, type Logger, type ReadinessCheck, type RunningService,
} from '@crucible/platform';
import { serviceUrlsOf, type GatewayConfig } from './config.ts';
import { createRouteMatcher } from './route-table.ts';
import { createUpstreams } from './upstreams.ts';
import { serveWebApp } from './web-app.ts';

/** Where signed blob URLs point, relative to /api. */
const BLOB_PATH = '/blobs/';

export interface GatewayDeps {
  logger: Logger;
  bus: EventBus;
  cache: Cache;
  collectProcessMetrics?: boolean;
}

export interface Gateway extends RunningService {
  /** Attach to the HTTP server's 'upgrade' event: /ws goes to realtime, anything else is refused. */
  handleUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): void;
  servesWebApp: boolean;
}

function securityHeaders(extraConnectSources: string[]) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // MUI writes its styles at run time; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:', ...extraConnectSources],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/** Signed blob uploads (`/api/blobs/...`) are exempt: the blob store enforces the attachment limit itself. */
function rejectLargeBodies(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    if (req.path.startsWith(BLOB_PATH)) return next();
    const length = Number(req.headers['content-length'] ?? 0);
    next(length > limitBytes ? new HttpError(413, 'The request body is too large') : undefined);
  };
}

export function createGateway(config: GatewayConfig, deps: GatewayDeps): Gateway {
  const { logger, bus, cache } = deps;
  const upstreams = createUpstreams(serviceUrlsOf(config), { timeoutMs: config.UPSTREAM_TIMEOUT_MS, logger });
  const verifier = createRemoteTokenVerifier({ bus, cache, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
  const matchRoute = createRouteMatcher();
  const perIp = createRateLimit(cache, { name: 'gateway-ip', points: config.RATE_LIMIT_PER_IP_PER_MINUTE, durationSeconds: 60 });
  const perAccount = createRateLimit(cache, { name: 'gateway-account', points: config.RATE_LIMIT_PER_ACCOUNT_PER_MINUTE, durationSeconds: 60 });
  const memberOnly = authenticate(verifier, { required: true });

  const limitByIp: RequestHandler = async (req, _res, next) => {
    await perIp.consume(req.ip ?? 'unknown');
    next();
  };

  /** Route table lookup, token check for member routes, per-account limit, then the proxy. */
  const proxyApi: RequestHandler = async (req, res, next) => {
    const route = matchRoute(req.path);
    if (!route) throw new NotFoundError(`Cannot ${req.method} ${req.path}`);
    const proxy = upstreams.proxyTo(route.service);
    if (!proxy) throw new ServiceUnavailableError(`The ${route.service} service is not running`);
    if (route.access === 'member') {
      await new Promise<void>((resolve, reject) => memberOnly(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
      await perAccount.consume(req.principal!.userId);
    }
    proxy(req, res, next);
  };

  // Upstreams stay out of readiness: one service down must not take the whole site (and the web app) out
  // of rotation; its routes answer 503 on their own.
  const readiness = (): ReadinessCheck[] => [
    { name: 'cache', check: () => cache.isHealthy() },
    { name: 'events', check: () => bus.isHealthy() },
  ];

  let servesWebApp = false;
  const app = createHttpApp({
    service: 'gateway',
    logger,
    jsonLimit: false,
    trustProxy: config.TRUST_PROXY,
    collectProcessMetrics: deps.collectProcessMetrics,
    readiness,
    routes: (router: Router) => {
      router.use(securityHeaders(config.CSP_CONNECT_SOURCES));
      router.use(cors({ origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false, credentials: true }));
      router.use('/api', limitByIp, rejectLargeBodies(config.BODY_LIMIT_BYTES));
      router.use((req, res, next) => (req.path.startsWith('/api/') ? proxyApi(req, res, next) : next()));
      servesWebApp = serveWebApp(router, config.WEB_DIST_DIR);
    },
  });

  return {
    name: 'gateway',
    app,
    servesWebApp,
    handleUpgrade(req, socket, head) {
      const path = new URL(req.url ?? '/', 'http://gateway').pathname;
      if (path === WEBSOCKET_PATH && upstreams.upgradeWebSocket) {
        upstreams.upgradeWebSocket(req, socket, head);
        return;
      }
      socket.end(`HTTP/1.1 ${path === WEBSOCKET_PATH ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    },
    async stop() {
      upstreams.close();
    },
  };
}
