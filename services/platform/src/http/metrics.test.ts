import type { Request, Router } from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCache } from '../cache/memory-cache.ts';
import { HttpError, TooManyRequestsError } from '../errors/http-errors.ts';
import { createLogger } from '../logging/logger.ts';
import { domainMetricsRegistry, reportGauge } from '../metrics/domain-metrics.ts';
import { createRateLimit } from '../rate-limit/rate-limiter.ts';
import { createHttpApp, listen } from './create-http-app.ts';
import { mayReadMetrics, refusalReason } from './metrics.ts';

const TOKEN = 'a-metrics-token-of-some-length';

function requestFrom(remoteAddress: string, headers: Record<string, string> = {}): Request {
  const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { socket: { remoteAddress }, get: (name: string) => lowerCased[name.toLowerCase()] } as unknown as Request;
}

describe('mayReadMetrics', () => {
  it.for(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])(
    'lets a direct loopback client (%s) read them when no token is set',
    (address) => {
      expect(mayReadMetrics(requestFrom(address), undefined)).toBe(true);
    },
  );

  it.for(['10.0.0.5', '::ffff:10.0.0.5', '192.168.1.2', 'fe80::1', '1127.0.0.1'])(
    'refuses a client elsewhere (%s) when no token is set',
    (address) => {
      expect(mayReadMetrics(requestFrom(address), undefined)).toBe(false);
    },
  );

  it('refuses a loopback connection that came through a proxy', () => {
    expect(mayReadMetrics(requestFrom('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' }), undefined)).toBe(false);
    expect(mayReadMetrics(requestFrom('127.0.0.1', { Forwarded: 'for=203.0.113.9' }), undefined)).toBe(false);
  });

  it('asks everyone, loopback included, for the bearer token once one is set', () => {
    expect(mayReadMetrics(requestFrom('127.0.0.1'), TOKEN)).toBe(false);
    expect(mayReadMetrics(requestFrom('10.0.0.5', { Authorization: `Bearer ${TOKEN}x` }), TOKEN)).toBe(false);
    expect(mayReadMetrics(requestFrom('10.0.0.5', { Authorization: TOKEN }), TOKEN)).toBe(false);
    expect(mayReadMetrics(requestFrom('10.0.0.5', { Authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
  });
});

describe('refusalReason', () => {
  it('counts every 429 as a rate limit and a quota error class as a quota refusal', () => {
    expect(refusalReason(429, undefined)).toBe('rate_limit');
    expect(refusalReason(413, 'QuotaExceededError')).toBe('quota');
    expect(refusalReason(413, 'PayloadTooLargeError')).toBeUndefined();
    expect(refusalReason(200, 'QuotaExceededError')).toBeUndefined();
    expect(refusalReason(400, undefined)).toBeUndefined();
  });
});

describe('a service /metrics', () => {
  const servers: Awaited<ReturnType<typeof listen>>[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  async function serviceWith(routes: (router: Router) => void): Promise<string> {
    const app = createHttpApp({
      service: 'metrics-probe',
      logger: createLogger({ service: 'metrics-probe', level: 'silent' }),
      readiness: () => [],
      collectProcessMetrics: false,
      metricsToken: TOKEN,
      routes,
    });
    const server = await listen(app, 0, '127.0.0.1');
    servers.push(server);
    return `http://127.0.0.1:${server.port}`;
  }
  const scrape = async (base: string) =>
    (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();

  it('has the RED set by route pattern, refusals by reason and the reported gauges', async () => {
    class QuotaExceededError extends HttpError {
      constructor() {
        super(413, 'Over quota');
      }
    }
    const base = await serviceWith((router) => {
      router.get('/items/:id', (_req, res) => void res.json({ ok: true }));
      router.get('/limited', () => {
        throw new TooManyRequestsError(3);
      });
      router.post('/upload', () => {
        throw new QuotaExceededError();
      });
    });
    const stopReporting = reportGauge('crucible_test_widgets', 'Widgets now', 'metrics-probe', () => 7);
    await fetch(`${base}/items/1`);
    await fetch(`${base}/items/2`);
    expect((await fetch(`${base}/limited`)).status).toBe(429);
    expect((await fetch(`${base}/upload`, { method: 'POST' })).status).toBe(413);

    const text = await scrape(base);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{service="metrics-probe",method="GET",route="\/items\/:id",status="200"\} 2/,
    );
    expect(text).toMatch(/crucible_refusals_total\{service="metrics-probe",reason="rate_limit",route="\/limited"\} 1/);
    expect(text).toMatch(/crucible_refusals_total\{service="metrics-probe",reason="quota",route="\/upload"\} 1/);
    expect(text).toMatch(/crucible_test_widgets\{service="metrics-probe"\} 7/);

    stopReporting();
    expect(await scrape(base)).not.toMatch(/crucible_test_widgets\{/);
  });

  it('counts a refusal of a named rate limit by rule', async () => {
    const limit = createRateLimit(createMemoryCache(), { name: 'metrics-test-rule', points: 1, durationSeconds: 60 });
    await limit.consume('someone');
    await expect(limit.consume('someone')).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(await domainMetricsRegistry.getSingleMetricAsString('crucible_rate_limit_refusals_total')).toMatch(
      /crucible_rate_limit_refusals_total\{rule="metrics-test-rule"\} 1/,
    );
  });
});
