import { Agent, request, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
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
/** Connections open at most to each service; more requests at once wait for one. */
export const UPSTREAM_SOCKETS_PER_SERVICE = 256;
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
 * Set on the incoming headers, which both paths copy.
 */
export function nameTheClient(req: IncomingMessage, gatewaySecret: string | undefined): void {
  const requestId = (req as { id?: unknown }).id;
  if (typeof requestId === 'string') req.headers[REQUEST_ID_HEADER] = requestId;
  const address = (req as { ip?: string }).ip ?? req.socket.remoteAddress;
  for (const header of FORWARDING_HEADERS) delete req.headers[header];
  // Unsigned without GATEWAY_SECRET: services then record the gateway's address, and the header
  // still tells them the request came from outside (auth's loopback-only pages refuse it).
  if (address) req.headers[CLIENT_ADDRESS_HEADER] = gatewaySecret ? signClientAddress(address, gatewaySecret) : address;
}

/** Hop-by-hop headers: they describe one connection (client-gateway or gateway-service), not the request. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade'];

/**
 * Forwards one request to `target` over the shared keep-alive agent: the client's headers (with the
 * request id and signed client address) and body, the service's status, headers and body streamed
 * back. A body the gateway read first (request-guard.ts) is sent from its buffer with its length;
 * any other (a signed blob upload) is piped as it arrives. No answer within `timeoutMs` of silence is
 * a 504, a service that cannot be reached a 503 (renderUpstreamError), and a client that goes away
 * aborts the service's request.
 *
 * Written on node:http rather than http-proxy-middleware: that one matches its path filter, copies
 * its options and awaits two hooks per request, and http-proxy emits its `proxyReq` hook only once a
 * pooled socket is free, by which time the pre-read body's end was already written: under load
 * (every socket busy) the late write failed with ERR_STREAM_WRITE_AFTER_END and a 503.
 */
function forwarder(
  service: ServiceName,
  target: URL,
  agent: Agent,
  options: { timeoutMs: number; logger: Logger; gatewaySecret: string | undefined },
): RequestHandler {
  return (req, res) => {
    nameTheClient(req, options.gatewaySecret);
    const body = preReadBodyOf(req);
    const headers: OutgoingHttpHeaders = { ...req.headers };
    for (const header of HOP_BY_HOP) delete headers[header];
    if (body) {
      headers['content-length'] = String(body.length);
      delete headers['transfer-encoding'];
    } else if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      // A bodiless request says so, as Node's client would otherwise leave it to the method to decide.
      if (req.method === 'DELETE' || req.method === 'OPTIONS') headers['content-length'] = '0';
    }
    let failed = false;
    const fail = (error: NodeJS.ErrnoException) => {
      // A client that went away (its response destroyed) hears nothing more.
      if (failed || res.destroyed) return;
      failed = true;
      renderUpstreamError(service, error, res as Response, options.logger);
    };
    const upstream = request({
      agent,
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: req.originalUrl,
      headers,
    });
    upstream.setTimeout(options.timeoutMs, () =>
      upstream.destroy(Object.assign(new Error(`${service} did not answer in time`), { code: 'ETIMEDOUT' })),
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => fail(error));
    upstream.on('response', (answer) => {
      const answerHeaders: OutgoingHttpHeaders = { ...answer.headers };
      for (const header of HOP_BY_HOP) delete answerHeaders[header];
      delete answerHeaders['transfer-encoding'];
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
      answer.on('error', (error: NodeJS.ErrnoException) => fail(error));
      answer.pipe(res);
    });
    // The client went away before the answer was out: the service's request ends with it.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (body) upstream.end(body);
    else if (req.readableEnded) upstream.end();
    else req.pipe(upstream);
  };
}

/** One keep-alive forwarder per configured service; a request id travels with every forwarded request. */
export function createUpstreams(
  urls: Partial<Record<ServiceName, string>>,
  options: { timeoutMs: number; logger: Logger; gatewaySecret: string | undefined },
): Upstreams {
  const agent = new Agent({ keepAlive: true, maxSockets: UPSTREAM_SOCKETS_PER_SERVICE, maxFreeSockets: 64 });
  const proxies = new Map<ServiceName, RequestHandler>();
  for (const [service, target] of Object.entries(urls) as [ServiceName, string][])
    proxies.set(service, forwarder(service, new URL(target), agent, options));
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
