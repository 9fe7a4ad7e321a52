import { Agent, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin } from 'http-proxy-middleware';
import {
  CLIENT_ADDRESS_HEADER,
  FORWARDING_HEADERS,
  REQUEST_ID_HEADER,
  signClientAddress,
  type Logger,
} from '@crucible/platform';
import { preReadBodyOf } from './request-guard.ts';
import type { ErrorBody, ServiceName } from '@crucible/proto';

export interface Upstreams {
  proxyTo(service: ServiceName): RequestHandler | undefined;
  /** Proxies a /ws upgrade to realtime; undefined while realtime is not running. */
  upgradeWebSocket: ((req: IncomingMessage, socket: Socket, head: Buffer) => void) | undefined;
  urls: Partial<Record<ServiceName, string>>;
  close(): void;
}

const UPSTREAM_RETRY_AFTER_SECONDS = 5;
/** Idle keep-alive sockets kept per service between bursts. */
export const UPSTREAM_IDLE_SOCKETS_KEPT = 64;
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNRESET']);

/** The answer for a service that failed to answer: 504 on a timeout or reset, 503 otherwise; a cut answer once it started. */
export function renderUpstreamError(
  service: ServiceName,
  error: NodeJS.ErrnoException,
  res: Response | Socket,
  logger: Logger,
): void {
  if (!('status' in res)) {
    res.destroy();
    return;
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  const statusCode = error.code && TIMEOUT_CODES.has(error.code) ? 504 : 503;
  logger.warn({ service, code: error.code, statusCode }, 'upstream failed');
  const body: ErrorBody = {
    statusCode,
    message:
      statusCode === 504 ? `The ${service} service did not answer in time` : `The ${service} service is unavailable`,
  };
  // A service that is down is being restarted or replaced: the client is told when to ask again.
  if (statusCode === 503) res.setHeader('Retry-After', String(UPSTREAM_RETRY_AFTER_SECONDS));
  res.status(statusCode).json(body);
}

/**
 * What every forwarded request carries, proxied or handed over in-process: the request id, and the
 * client address the gateway decided by TRUST_PROXY (req.ip, read from X-Forwarded-For, so before
 * that goes), signed; whatever address the client named is removed (platform http/client-address.ts).
 * Set on the incoming headers, which the proxy copies, not in a proxyReq hook: when every pooled
 * socket is busy the request waits for one, its headers are flushed with the body meanwhile, and
 * setting a header once it gets its socket throws (ERR_HTTP_HEADERS_SENT) and takes the whole gateway
 * down (seen at 200 DMs/s in services/realtime/bench/dm-http.ts).
 */
export function nameTheClient(req: IncomingMessage, gatewaySecret: string | undefined): void {
  const requestId = (req as { id?: unknown }).id;
  if (typeof requestId === 'string') req.headers[REQUEST_ID_HEADER] = requestId;
  const address = (req as { ip?: string }).ip ?? req.socket.remoteAddress;
  for (const header of FORWARDING_HEADERS) delete req.headers[header];
  // Unsigned without GATEWAY_SECRET: services then record the gateway's address, and the header
  // still tells them the request came from outside (auth's loopback-only pages refuse it).
  if (address) req.headers[CLIENT_ADDRESS_HEADER] = gatewaySecret ? signedAddress(address, gatewaySecret) : address;
}

/** Signed addresses by secret: a client's requests repeat its address, and the signature (an HMAC) is the same each time. */
const signedAddresses = new Map<string, Map<string, string>>();
const SIGNED_ADDRESSES_KEPT = 10_000;

function signedAddress(address: string, secret: string): string {
  let signed = signedAddresses.get(secret);
  if (!signed) signedAddresses.set(secret, (signed = new Map()));
  let value = signed.get(address);
  if (value === undefined) {
    // Dropped all at once when full: cheaper than an LRU, and a miss costs only one HMAC.
    if (signed.size >= SIGNED_ADDRESSES_KEPT) signed.clear();
    value = signClientAddress(address, secret);
    signed.set(address, value);
  }
  return value;
}

/** One keep-alive proxy per configured service; a request id travels with every proxied request. */
export function createUpstreams(
  urls: Partial<Record<ServiceName, string>>,
  options: { timeoutMs: number; logger: Logger; gatewaySecret: string | undefined },
): Upstreams {
  // No cap on sockets per service (Node's default): http-proxy writes a body the gateway read first
  // in its proxyReq hook, which runs once the request has a socket, and pipes the already-ended request
  // at once, which ends the upstream request. A request left waiting for a pooled socket would be ended
  // before its body is written (ERR_STREAM_WRITE_AFTER_END, a 503; seen at 200 DMs/s). What bounds the
  // sockets is the gateway's cap on requests in flight per address (MAX_IN_FLIGHT_PER_ADDRESS).
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: UPSTREAM_IDLE_SOCKETS_KEPT });
  const proxies = new Map<ServiceName, RequestHandler>();
  for (const [service, target] of Object.entries(urls) as [ServiceName, string][]) {
    const proxy = createProxyMiddleware({
      target,
      agent,
      // Services take the client address from the signed header below, never from X-Forwarded-For.
      xfwd: false,
      proxyTimeout: options.timeoutMs,
      // The default plugins without the logger: it builds a URL and a line per answer for a logger
      // that is off (the request log has the line). Errors are rendered by `on.error` below.
      ejectPlugins: true,
      plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
      on: {
        // A body the gateway read first (request-guard.ts) is written here; the proxy then pipes the
        // already-ended request, which only ends the upstream request. Headers are left alone (see below).
        proxyReq: (proxyReq, req) => {
          const body = preReadBodyOf(req);
          if (body?.length) proxyReq.write(body);
        },
        error: (error, _req, res) =>
          renderUpstreamError(service, error as NodeJS.ErrnoException, res as Response | Socket, options.logger),
      },
    }) as unknown as RequestHandler;
    // The request id goes in with the incoming headers, which the proxy copies. Not in a proxyReq hook:
    // when every pooled socket is busy the request waits for one, its headers are flushed with the body
    // meanwhile, and setting a header once it gets its socket throws (ERR_HTTP_HEADERS_SENT) and takes
    // the whole gateway down (seen at 200 DMs/s in services/realtime/bench/dm-http.ts).
    proxies.set(service, (req, res, next) => {
      nameTheClient(req, options.gatewaySecret);
      return proxy(req, res, next);
    });
  }
  const websocket = urls.realtime
    ? createProxyMiddleware<IncomingMessage>({
        target: urls.realtime,
        ws: true,
        on: {
          error: (error, _req, res) =>
            renderUpstreamError('realtime', error as NodeJS.ErrnoException, res as Socket, options.logger),
        },
      })
    : undefined;
  return {
    proxyTo: (service) => proxies.get(service),
    upgradeWebSocket: websocket?.upgrade,
    urls,
    close: () => agent.destroy(),
  };
}
