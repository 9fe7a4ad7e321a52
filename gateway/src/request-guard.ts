import type { IncomingMessage, ServerOptions } from 'node:http';
import { Readable } from 'node:stream';
import type { RequestHandler } from 'express';
import { HttpError, JSON_TOO_DEEP_MESSAGE, TooManyRequestsError, jsonDepthExceeds } from '@crucible/platform';

/**
 * The gateway's defence against clients that start requests and never finish them. Three layers,
 * as nginx and Node's own server options do it:
 *
 * 1. Server timeouts (`serverOptionsOf`): headers must arrive within HEADERS_TIMEOUT_MS and the whole
 *    request within REQUEST_TIMEOUT_MS, checked every second rather than Node's default 30 s.
 * 2. `capInFlightPerAddress`: at most MAX_IN_FLIGHT_PER_ADDRESS requests of one client address are
 *    being handled at once; more answer 429 with Retry-After, so one address cannot hold every
 *    socket and timer of the gateway.
 * 3. `preReadBodies`: a body the gateway may pass on (at most BODY_LIMIT_BYTES) is read here, with a
 *    limit on the pause between chunks (BODY_IDLE_TIMEOUT_MS) and on the whole read
 *    (BODY_READ_TIMEOUT_MS), before the request reaches any forwarding. A body that stalls or stops
 *    short of its Content-Length answers 408 at once; only complete bodies take a pooled upstream
 *    socket, so a flood of unfinished bodies costs the services nothing. Forwarding sends the
 *    buffered bytes (`bodyStreamOf`). Signed blob uploads stay streamed (they are large, and the blob
 *    store limits them): REQUEST_TIMEOUT_MS and the per-address cap bound them.
 */

export interface RequestGuardConfig {
  HEADERS_TIMEOUT_MS: number;
  REQUEST_TIMEOUT_MS: number;
  BODY_IDLE_TIMEOUT_MS: number;
  BODY_READ_TIMEOUT_MS: number;
  MAX_IN_FLIGHT_PER_ADDRESS: number;
  BODY_LIMIT_BYTES: number;
}

export const BODY_TIMEOUT_MESSAGE = 'The request body did not arrive in time';
export const BODY_CUT_OFF_MESSAGE = 'The request body ended before its announced length';
export const IN_FLIGHT_MESSAGE = 'Too many requests in progress from this address, please try again shortly.';
const BODY_TOO_LARGE_MESSAGE = 'The request body is too large';

/** Options for `http.createServer` (the platform's `listen`) of the server the gateway runs on. */
export function serverOptionsOf(config: RequestGuardConfig): ServerOptions {
  return {
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_MS),
  };
}

/**
 * The answer goes out and the connection closes: the rest of an unread body is never read, so the
 * socket must not wait for it to be reused.
 */
function refuseAndClose(res: Parameters<RequestHandler>[1], next: Parameters<RequestHandler>[2], error: HttpError) {
  res.setHeader('Connection', 'close');
  res.once('finish', () => res.req.socket.destroy());
  next(error);
}

export function capInFlightPerAddress(maxPerAddress: number): RequestHandler {
  const inFlight = new Map<string, number>();
  return (req, res, next) => {
    // req.ip is the client address as TRUST_PROXY allows (the socket's own address otherwise).
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const current = inFlight.get(address) ?? 0;
    if (current >= maxPerAddress) return refuseAndClose(res, next, new TooManyRequestsError(1, IN_FLIGHT_MESSAGE));
    inFlight.set(address, current + 1);
    res.once('close', () => {
      const left = (inFlight.get(address) ?? 1) - 1;
      if (left > 0) inFlight.set(address, left);
      else inFlight.delete(address);
    });
    next();
  };
}

const PRE_READ_BODY = Symbol('preReadBody');
type WithPreReadBody = IncomingMessage & { [PRE_READ_BODY]?: Buffer };

/** The body `preReadBodies` read, or undefined when the request had none or streams it on. */
export function preReadBodyOf(req: IncomingMessage): Buffer | undefined {
  return (req as WithPreReadBody)[PRE_READ_BODY];
}

/** What forwarding sends as the request body: the pre-read bytes again, else the request itself. */
export function bodyStreamOf(req: IncomingMessage): Readable {
  const body = preReadBodyOf(req);
  return body ? Readable.from([body]) : req;
}

function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

function isJson(req: IncomingMessage): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(req.headers['content-type'] ?? '');
}

/** `streamed(path)`: bodies that are passed on as they arrive (signed blob uploads) instead of read here. */
export function preReadBodies(config: RequestGuardConfig, streamed: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (!announcesBody(req) || req.complete || streamed(req.path)) return next();
    let idleTimer: NodeJS.Timeout | undefined;
    let done = false;
    const chunks: Buffer[] = [];
    let size = 0;

    const finish = (error?: HttpError) => {
      if (done) return;
      done = true;
      clearTimeout(idleTimer);
      clearTimeout(totalTimer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (error) return refuseAndClose(res, next, error);
      const body = Buffer.concat(chunks, size);
      if (isJson(req) && jsonDepthExceeds(body))
        return refuseAndClose(res, next, new HttpError(400, JSON_TOO_DEEP_MESSAGE));
      (req as WithPreReadBody)[PRE_READ_BODY] = body;
      next();
    };
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => finish(new HttpError(408, BODY_TIMEOUT_MESSAGE)), config.BODY_IDLE_TIMEOUT_MS);
    };
    const onData = (chunk: Buffer) => {
      armIdle();
      size += chunk.length;
      if (size > config.BODY_LIMIT_BYTES) return finish(new HttpError(413, BODY_TOO_LARGE_MESSAGE));
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    // The client closed the connection mid-body: nobody is left to answer, but the request must end.
    const onError = () => finish(new HttpError(400, BODY_CUT_OFF_MESSAGE));

    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    armIdle();
    const totalTimer = setTimeout(() => finish(new HttpError(408, BODY_TIMEOUT_MESSAGE)), config.BODY_READ_TIMEOUT_MS);
  };
}
