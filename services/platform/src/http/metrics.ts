import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { NotFoundError } from '../errors/http-errors.ts';
import { domainMetricsRegistry, refusals } from '../metrics/domain-metrics.ts';
import { FORWARDING_HEADERS } from './client-address.ts';

/** Every service's schema extends this; the gateway's port is public, so /metrics needs a key. */
export const metricsConfigSchema = z.object({
  /**
   * The bearer token a scraper sends to /metrics (`Authorization: Bearer <token>`). Unset, only a
   * client on this machine that came through no proxy may read it.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Whether `req` may read the metrics: the right bearer token when one is configured, else a direct
 * loopback connection. The socket's own address is used, never X-Forwarded-For, and any forwarding
 * header refuses, so a reverse proxy on the same machine does not make /metrics public.
 */
export function mayReadMetrics(req: Request, token: string | undefined): boolean {
  if (token) {
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    // Digests have one length, so the comparison takes the same time whatever was sent.
    return given !== undefined && timingSafeEqual(digest(given), digest(token));
  }
  const forwarded = FORWARDING_HEADERS.some((header) => req.get(header) !== undefined);
  return !forwarded && LOOPBACK_ADDRESS.test(req.socket.remoteAddress ?? '');
}

/**
 * Why a response was a refusal SREs count: every 429 is a rate limit; a quota refusal is an error
 * whose class says so (error-middleware.ts puts the class name in res.locals.errorName).
 */
export function refusalReason(status: number, errorName: unknown): 'rate_limit' | 'quota' | undefined {
  if (status === 429) return 'rate_limit';
  if (status >= 400 && typeof errorName === 'string' && /quota/i.test(errorName)) return 'quota';
  return undefined;
}

export interface HttpMetrics {
  registry: Registry;
  middleware: RequestHandler;
  handler: RequestHandler;
}

/** One registry per service so one-process mode keeps each service's /metrics separate. */
export function createHttpMetrics(
  service: string,
  options: { collectProcessMetrics?: boolean; token?: string } = {},
): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (options.collectProcessMetrics ?? true) collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const stop = duration.startTimer();
    res.on('finish', () => {
      // The matched route pattern keeps label cardinality bounded; unmatched paths share one label.
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      stop({ method: req.method, route, status: String(res.statusCode) });
      const reason = refusalReason(res.statusCode, res.locals.errorName);
      if (reason) refusals.inc({ service, reason, route });
    });
    next();
  };
  const handler: RequestHandler = async (req, res) => {
    // A 404 like any unknown path: a refused scraper learns nothing about the endpoint.
    if (!mayReadMetrics(req, options.token)) throw new NotFoundError(`Cannot ${req.method} ${req.path}`);
    res.setHeader('Content-Type', registry.contentType);
    // The process's domain figures (outbox and consumer lag, refusals, gauges) after the HTTP ones.
    res.end(`${await registry.metrics()}\n${await domainMetricsRegistry.metrics()}`);
  };
  return { registry, middleware, handler };
}
