import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { withLogContext } from '../logging/log-context.ts';
import type { Logger } from '../logging/logger.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The request id: the caller's X-Request-Id when well-formed, else a new one. */
      id?: string;
      /** The service's logger; lines about this request carry `reqId` themselves. */
      log?: Logger;
    }
  }
}

/**
 * One line per request once the response is finished, from the service's own logger: no child
 * logger per request (pino-http built one for each, ~10% of a small request's CPU). Headers go
 * through the logger's redaction (authorization, cookie, set-cookie).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    req.id = id;
    req.log = logger;
    res.setHeader(REQUEST_ID_HEADER, id);
    const startedAt = performance.now();
    const context = { reqId: id, events: [] as string[] };
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          req: { method: req.method, url: req.originalUrl, headers: req.headers, remoteAddress: req.ip },
          res: { statusCode: status, headers: res.getHeaders() },
          responseTime: Math.round(performance.now() - startedAt),
          // The events this request emitted: their consumers' log lines carry these eventIds.
          ...(context.events.length > 0 ? { events: context.events } : {}),
        },
        status >= 500 ? 'request errored' : 'request completed',
      );
    });
    // Lines logged while handling it carry reqId (the logger's mixin reads this context).
    withLogContext(context, next);
  };
}
