import { Agent, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { REQUEST_ID_HEADER, type Logger } from '@crucible/platform';
import type { ErrorBody, ServiceName } from '@crucible/proto';

export interface Upstreams {
  proxyTo(service: ServiceName): RequestHandler | undefined;
  /** Proxies a /ws upgrade to realtime; undefined while realtime is not running. */
  upgradeWebSocket: ((req: IncomingMessage, socket: Socket, head: Buffer) => void) | undefined;
  urls: Partial<Record<ServiceName, string>>;
  close(): void;
}

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
  res.status(statusCode).json(body);
}

/** One keep-alive proxy per configured service; a request id travels with every proxied request. */
export function createUpstreams(
  urls: Partial<Record<ServiceName, string>>,
  options: { timeoutMs: number; logger: Logger },
): Upstreams {
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  const proxies = new Map<ServiceName, RequestHandler>();
  for (const [service, target] of Object.entries(urls) as [ServiceName, string][]) {
    const proxy = createProxyMiddleware({
      target,
      agent,
      xfwd: true,
      proxyTimeout: options.timeoutMs,
      on: {
        error: (error, _req, res) =>
          renderUpstreamError(service, error as NodeJS.ErrnoException, res as Response | Socket, options.logger),
      },
    }) as unknown as RequestHandler;
    // The request id goes in with the incoming headers, which the proxy copies. Not in a proxyReq hook:
    // when every pooled socket is busy the request waits for one, its headers are flushed with the body
    // meanwhile, and setting a header once it gets its socket throws (ERR_HTTP_HEADERS_SENT) and takes
    // the whole gateway down (seen at 200 DMs/s in services/realtime/bench/dm-http.ts).
    proxies.set(service, (req, res, next) => {
      const requestId = (req as { id?: unknown }).id;
      if (typeof requestId === 'string') req.headers[REQUEST_ID_HEADER] = requestId;
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
