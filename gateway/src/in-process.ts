import { IncomingMessage, type ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@crucible/platform';
import type { ServiceName } from '@crucible/proto';
import { bodyStreamOf } from './request-guard.ts';
import { nameTheClient, renderUpstreamError } from './upstreams.ts';

/** A service's request handler: its Express app, called as Node's HTTP server would call it. */
export type ServiceHandler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export interface InProcessDispatch {
  /** Hands the request to the service's handler in this process; undefined when the service runs elsewhere. */
  dispatchTo(service: ServiceName): RequestHandler | undefined;
}

/** The address a proxied request reaches the service from: the gateway's, on this machine. */
const GATEWAY_ADDRESS = '127.0.0.1';

/**
 * The socket the service sees under its request: the gateway's end of a loopback connection, as a
 * proxied request has. Nothing is read from or written to it (the body comes from the client's
 * request, the answer goes to the client's response); a service that destroys it has dropped the
 * request, as it would drop a proxied one.
 */
class LoopbackSocket extends Duplex {
  readonly remoteAddress = GATEWAY_ADDRESS;
  readonly remoteFamily = 'IPv4';
  readonly remotePort = 0;
  readonly localAddress = GATEWAY_ADDRESS;
  readonly localPort = 0;
  override _read(): void {}
  override _write(_chunk: unknown, _encoding: BufferEncoding, callback: () => void): void {
    callback();
  }
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
}

/** The headers the proxy would send the service: the client's as the gateway's middlewares left them, with the request id and the signed client address. */
function forwardedHeaders(req: Request, gatewaySecret: string | undefined): IncomingMessage['headers'] {
  nameTheClient(req, gatewaySecret);
  const headers: IncomingMessage['headers'] = { ...req.headers };
  if ((req.method === 'DELETE' || req.method === 'OPTIONS') && !headers['content-length']) {
    headers['content-length'] = '0';
    delete headers['transfer-encoding'];
  }
  return headers;
}

function rawHeadersOf(headers: IncomingMessage['headers']): string[] {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) raw.push(name, one);
  }
  return raw;
}

/**
 * The request the service handles: a new IncomingMessage with the proxy's headers whose body is the
 * client's, streamed with back-pressure (an upload is never buffered whole).
 */
function serviceRequest(
  req: Request,
  socket: LoopbackSocket,
  options: { gatewaySecret: string | undefined; onActivity: () => void },
): { inner: IncomingMessage; release: () => void } {
  const { onActivity } = options;
  // A body the gateway already read (request-guard.ts) comes from its buffer; any other from the client.
  const body = bodyStreamOf(req);
  const inner = new IncomingMessage(socket as never);
  inner.method = req.method;
  inner.url = req.originalUrl;
  inner.httpVersion = '1.1';
  inner.httpVersionMajor = 1;
  inner.httpVersionMinor = 1;
  inner.headers = forwardedHeaders(req, options.gatewaySecret);
  inner.rawHeaders = rawHeadersOf(inner.headers);
  inner._read = () => void body.resume();
  const onData = (chunk: Buffer) => {
    onActivity();
    if (!inner.push(chunk)) body.pause();
  };
  const onEnd = () => {
    inner.complete = true;
    inner.push(null);
  };
  body.on('data', onData);
  body.once('end', onEnd);
  // Once the answer is out, what is left of the body is the gateway server's to discard, not ours to buffer.
  const release = () => {
    body.off('data', onData);
    body.off('end', onEnd);
  };
  return { inner, release };
}

/**
 * In one process (the launcher), the gateway hands an API request to the service's handler directly
 * after its own checks, instead of a loopback HTTP hop. What the service gets is what the proxy
 * would send it (headers, forwarded address, request id, the body streamed); its answer goes straight
 * to the client's response, streamed. What the proxy does on failures happens here too: no answer
 * for UPSTREAM_TIMEOUT_MS of silence is a 504 (or a cut answer once it started), a service that drops
 * the request is a 504, and a client that goes away aborts the service's request.
 */
export function createInProcessDispatch(
  handlers: Partial<Record<ServiceName, ServiceHandler>>,
  options: { timeoutMs: number; logger: Logger; gatewaySecret: string | undefined },
): InProcessDispatch {
  const dispatchers = new Map<ServiceName, RequestHandler>();
  for (const [service, handler] of Object.entries(handlers) as [ServiceName, ServiceHandler][]) {
    dispatchers.set(service, (req, res, next) => {
      const socket = new LoopbackSocket();
      let lastActivity = performance.now();
      const touch = () => (lastActivity = performance.now());
      const { inner, release } = serviceRequest(req, socket, {
        gatewaySecret: options.gatewaySecret,
        onActivity: touch,
      });
      let settled = false;
      let timer: NodeJS.Timeout | undefined;

      const finish = () => {
        settled = true;
        clearTimeout(timer);
        release();
      };
      /** The service dropped the request or stayed silent too long: answer as the proxy does, then ignore the service. */
      const fail = (code: string) => {
        if (settled) return;
        finish();
        renderUpstreamError(service, Object.assign(new Error(code), { code }), res as Response, options.logger);
        detach(res);
        if (!inner.destroyed) inner.destroy();
      };
      const watch = () => {
        const idle = performance.now() - lastActivity;
        if (idle >= options.timeoutMs) fail('ETIMEDOUT');
        else timer = setTimeout(watch, options.timeoutMs - idle);
      };
      timer = setTimeout(watch, options.timeoutMs);

      const write = res.write;
      res.write = function (this: Response, ...args: Parameters<Response['write']>) {
        touch();
        return write.apply(this, args);
      } as Response['write'];
      res.once('finish', finish);
      // The client went away (or the answer was cut): the service's request ends with it.
      res.once('close', () => {
        if (!res.writableFinished && !inner.destroyed) {
          inner.emit('aborted');
          inner.destroy();
        }
        finish();
      });
      socket.once('close', () => fail('ECONNRESET'));

      handler(inner, res, (error?: unknown) => {
        // A service's app answers everything itself (its 404 and error renderer); only a broken one gets here.
        if (settled) return;
        finish();
        next(error);
      });
    });
  }
  return { dispatchTo: (service) => dispatchers.get(service) };
}

/** After the gateway answered for the service, what the service still writes goes nowhere, as with a closed proxy socket. */
function detach(res: ServerResponse): void {
  const ignore = function (this: ServerResponse) {
    return this;
  };
  Object.assign(res, {
    setHeader: ignore,
    appendHeader: ignore,
    removeHeader: ignore,
    writeHead: ignore,
    write: () => true,
    end: ignore,
  });
}
