import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody } from '@crucible/proto';
import { ZodError } from 'zod';
import { NotFoundError } from './http-errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../database/unavailable.ts';

interface ErrorWithStatus {
  statusCode?: unknown;
  status?: unknown;
  type?: unknown;
  expose?: unknown;
  details?: Record<string, unknown>;
  message?: string;
}

/** Turns a zod failure into the 400 body: the first issue's message (the contract's fixed text) plus all issues. */
export function validationErrorBody(error: ZodError): ErrorBody {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { statusCode: 400, error: 'Bad Request', message: issues[0]?.message ?? 'Invalid request', issues };
}

function statusOf(error: ErrorWithStatus): number | undefined {
  const status = typeof error.statusCode === 'number' ? error.statusCode : error.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
}

/** Body-parser failures carry `type`; their messages are safe but terse, so give them plain words. */
const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
  'encoding.unsupported': 'The request body encoding is not supported',
  'charset.unsupported': 'The request body charset is not supported',
};

const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';

export const notFoundHandler: RequestHandler = (req, _res, next) =>
  next(new NotFoundError(`Cannot ${req.method} ${req.path}`));

/**
 * The one renderer of errors. Known errors keep their status and message; anything else is a 500
 * whose details go to the log under an error id that the body repeats, never to the client.
 */
export const errorMiddleware: ErrorRequestHandler = (rawError, req, res, _next) => {
  if (res.headersSent) return;
  if (rawError instanceof ZodError) {
    res.status(400).json(validationErrorBody(rawError));
    return;
  }
  const error = (rawError ?? {}) as ErrorWithStatus;
  const status = statusOf(error);
  // For the metrics middleware (quota refusals are told apart by the error's class).
  res.locals.errorName = (rawError as Error | undefined)?.name;
  if (status !== undefined && status < 500) {
    const bodyParserMessage = typeof error.type === 'string' ? BODY_PARSER_MESSAGES[error.type] : undefined;
    const retryAfter = error.details?.retryAfter;
    if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
    const body: ErrorBody = { statusCode: status, message: bodyParserMessage ?? error.message ?? 'Request failed' };
    res.status(status).json({ ...error.details, ...body });
    return;
  }
  const errorId = randomUUID();
  if (status === undefined && isDatabaseUnavailable(rawError)) {
    // A restart or failover: the same request succeeds in a few seconds, so the client is told when.
    req.log?.warn({ err: rawError, errorId, reqId: req.id }, 'request failed: the database is unavailable');
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    res.status(503).json({ statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE, errorId } satisfies ErrorBody);
    return;
  }
  req.log?.error({ err: rawError, errorId, reqId: req.id }, 'request failed');
  const statusCode = status ?? 500;
  if (statusCode === 503) {
    const retryAfter = error.details?.retryAfter;
    res.setHeader(
      'Retry-After',
      String(typeof retryAfter === 'number' ? Math.ceil(retryAfter) : DATABASE_RETRY_AFTER_SECONDS),
    );
  }
  const message = statusCode === 500 ? 'Internal server error' : (error.message ?? 'Service unavailable');
  res.status(statusCode).json({ statusCode, message, errorId } satisfies ErrorBody);
};
