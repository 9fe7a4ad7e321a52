import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import cors from 'cors';
import type { Request, RequestHandler, Router } from 'express';
import helmet from 'helmet';
import { WEBSOCKET_PATH, type GatewayRoute, type ServiceName } from '@crucible/proto';
import {
  FORWARDING_HEADERS,
  HttpError,
  NotFoundError,
  ServiceUnavailableError,
  authenticate,
  createHttpApp,
  createRateLimitGroup,
  createRemoteTokenVerifier,
  type ReadinessCheck,
  type RunningService,
  type ServiceDeps,
} from '@crucible/platform';
import { serveApiReference } from './api-reference.ts';
import { serviceUrlsOf, type GatewayConfig } from './config.ts';
import { capInFlightPerAddress, preReadBodies, serverOptionsOf } from './request-guard.ts';
import { createInProcessDispatch, type ServiceHandler } from './in-process.ts';
import { createRouteMatcher } from './route-table.ts';
import { createUpstreams } from './upstreams.ts';
import { serveWebApp } from './web-app.ts';

/** Where a request keeps the route it matched. */
const ROUTE = Symbol('gatewayRoute');

/** Where signed blob URLs point, relative to /api. */
const BLOB_PATH = '/blobs/';

export interface GatewayDeps extends ServiceDeps {
  /**
   * The services this process runs (one-process mode), checked by /readyz with the gateway's own
   * dependencies: there the process is the whole product, so a service not ready means it is not.
   */
  serviceReadiness?: ReadinessCheck[];
  /**
   * The handlers (Express apps) of the services this process runs: their requests are handed to them
   * directly instead of over loopback HTTP, unless IN_PROCESS_DISPATCH is off.
   */
  inProcessServices?: Partial<Record<ServiceName, ServiceHandler>>;
}

export interface Gateway extends RunningService {
  /** Attach to the HTTP server's 'upgrade' event: /ws goes to realtime, anything else is refused. */
  handleUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): void;
  servesWebApp: boolean;
  /** For the server it runs on (`listen(app, port, host, serverOptions)`): header and request timeouts. */
  serverOptions: ServerOptions;
}

/** Browsers ignore HSTS over plain http, and sending it there would pin a host that has no https. */
const HSTS = 'max-age=31536000; includeSubDomains';

function securityHeaders(extraConnectSources: string[]): RequestHandler {
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // MUI writes its styles at run time; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        // https: for avatars from identity providers (profileImageUrl); remote images in posts are
        // rendered as links by the forum, so a post cannot make the page fetch one.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        // 'self' covers the same-origin /ws socket (ws: or wss: of this host); anything else is named in CSP_CONNECT_SOURCES.
        'connect-src': ["'self'", ...extraConnectSources],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  // Helmet's answer depends on nothing in the request: take it once and set the same headers each time.
  const headers: [string, string | number | readonly string[]][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.push([name, value]),
    removeHeader: () => undefined,
  };
  helmetHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return (req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    // req.secure believes X-Forwarded-Proto only from the proxies TRUST_PROXY names.
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}

/** Signed blob uploads (`/api/blobs/...`) are exempt: the blob store enforces the attachment limit itself. */
function rejectLargeBodies(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    if (req.path.startsWith(BLOB_PATH)) return next();
    const length = Number(req.headers['content-length'] ?? 0);
    next(length > limitBytes ? new HttpError(413, 'The request body is too large') : undefined);
  };
}

/**
 * JSON answers of 1 KiB and more go out compressed (brotli or gzip, as the client accepts). The
 * cheapest levels: on a 20 KiB list they cost ~0.04 ms of CPU and keep ~9 % of the bytes, where gzip 6
 * or brotli 4 cost three to four times as much for 1-2 % less (`npx tsx gateway/bench/compression-levels.ts`).
 * Other types (blob downloads, which are images and files) pass as they are.
 */
function compressJson(): RequestHandler {
  return compression({
    threshold: 1024,
    level: 1,
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    filter: (_req, res) => /^application\/(?:[\w.+-]+\+)?json\b/.test(String(res.getHeader('Content-Type') ?? '')),
  });
}

export function createGateway(config: GatewayConfig, deps: GatewayDeps): Gateway {
  const { logger, bus, cache } = deps;
  const upstreams = createUpstreams(serviceUrlsOf(config), {
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    logger,
    gatewaySecret: config.GATEWAY_SECRET,
  });
  const inProcess = createInProcessDispatch(config.IN_PROCESS_DISPATCH ? (deps.inProcessServices ?? {}) : {}, {
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    logger,
    gatewaySecret: config.GATEWAY_SECRET,
  });
  const verifier = createRemoteTokenVerifier({ bus, cache, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
  const matchPath = createRouteMatcher();
  // The route is looked up once per request and kept on it: the IP limit and the dispatch both need it.
  const matchRoute = (req: Request & { [ROUTE]?: GatewayRoute | null }) => {
    if (req[ROUTE] === undefined) req[ROUTE] = matchPath(req.originalUrl.split('?')[0]!) ?? null;
    return req[ROUTE] ?? undefined;
  };
  const limits = createRateLimitGroup(cache, [
    { name: 'gateway-ip', points: config.RATE_LIMIT_PER_IP_PER_MINUTE, durationSeconds: 60 },
    { name: 'gateway-account', points: config.RATE_LIMIT_PER_ACCOUNT_PER_MINUTE, durationSeconds: 60 },
  ]);
  const memberOnly = authenticate(verifier, { required: true });

  /**
   * Route table lookup, token check for member routes (from memory in the steady state), then every
   * limit that applies in one Redis round trip, then the proxy. The IP is counted even when the token
   * is refused, so guessing tokens costs the guesser.
   */
  const ipHit = (req: Request) => ({ rule: 'gateway-ip', key: req.ip ?? 'unknown' });

  /** Every /api request is counted per IP once: here, or with the account limit for member routes. */
  const limitByIp: RequestHandler = async (req, _res, next) => {
    if (matchRoute(req)?.access !== 'member') await limits.consume([ipHit(req)]);
    next();
  };

  const proxyApi: RequestHandler = async (req, res, next) => {
    const ip = ipHit(req);
    const route = matchRoute(req);
    if (!route) throw new NotFoundError(`Cannot ${req.method} ${req.path}`);
    const proxy = inProcess.dispatchTo(route.service) ?? upstreams.proxyTo(route.service);
    if (!proxy) throw new ServiceUnavailableError(`The ${route.service} service is not running`);
    if (route.access === 'member') {
      try {
        await new Promise<void>((resolve, reject) =>
          memberOnly(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
        );
      } catch (error) {
        await limits.consume([ip]);
        throw error;
      }
      await limits.consume([ip, { rule: 'gateway-account', key: req.principal!.userId }]);
    }
    proxy(req, res, next);
  };

  // Upstreams in other pods stay out of readiness: one service down must not take the whole site (and the
  // web app) out of rotation; its routes answer 503 on their own.
  const readiness = (): ReadinessCheck[] => [
    // Rate limits count in memory and sessions seen are served from memory while these are away.
    { name: 'cache', check: () => cache.isHealthy(), optional: true },
    { name: 'events', check: () => bus.isHealthy(), optional: true },
    ...(deps.serviceReadiness ?? []),
  ];

  let servesWebApp = false;
  const app = createHttpApp({
    service: 'gateway',
    logger,
    jsonLimit: false,
    trustProxy: config.TRUST_PROXY,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    readiness,
    routes: (router: Router) => {
      router.use(securityHeaders(config.CSP_CONNECT_SOURCES));
      // Without CORS_ORIGINS no origin is allowed: cors({ origin: false }) would only pass every request on.
      if (config.CORS_ORIGINS.length) router.use(cors({ origin: config.CORS_ORIGINS, credentials: true }));
      router.use(
        '/api',
        compressJson(),
        capInFlightPerAddress(config.MAX_IN_FLIGHT_PER_ADDRESS),
        rejectLargeBodies(config.BODY_LIMIT_BYTES),
        preReadBodies(config, (path) => path.startsWith(BLOB_PATH)),
        limitByIp,
      );
      serveApiReference(router);
      router.use((req, res, next) => (req.path.startsWith('/api/') ? proxyApi(req, res, next) : next()));
      servesWebApp = serveWebApp(router, config.WEB_DIST_DIR);
    },
  });

  return {
    name: 'gateway',
    app,
    servesWebApp,
    serverOptions: serverOptionsOf(config),
    handleUpgrade(req, socket, head) {
      const path = new URL(req.url ?? '/', 'http://gateway').pathname;
      if (path === WEBSOCKET_PATH && upstreams.upgradeWebSocket) {
        for (const header of FORWARDING_HEADERS) delete req.headers[header];
        upstreams.upgradeWebSocket(req, socket, head);
        return;
      }
      socket.end(
        `HTTP/1.1 ${path === WEBSOCKET_PATH ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
    },
    async stop() {
      upstreams.close();
    },
  };
}
