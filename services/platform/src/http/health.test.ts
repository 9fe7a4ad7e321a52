import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMetricsRegistry } from '../metrics/domain-metrics.ts';
import { listen } from './create-http-app.ts';
import { readinessHandler, serviceReadiness, type ReadinessCheck } from './health.ts';

type Server = Awaited<ReturnType<typeof listen>>;
const servers: Server[] = [];

/** An app whose /readyz answers what `ready` says at the time of the request. */
async function serviceAnswering(ready: () => boolean): Promise<string> {
  const app = express();
  app.get('/readyz', (_req, res) => {
    res.status(ready() ? 200 : 503).json({ status: ready() ? 'ready' : 'not ready' });
  });
  const server = await listen(app, 0, '127.0.0.1');
  servers.push(server);
  return `http://127.0.0.1:${server.port}`;
}

async function aggregate(checks: ReadinessCheck[]): Promise<{ status: number; body: unknown }> {
  const app = express();
  app.get(
    '/readyz',
    readinessHandler(() => checks),
  );
  const server = await listen(app, 0, '127.0.0.1');
  servers.push(server);
  const response = await fetch(`http://127.0.0.1:${server.port}/readyz`);
  return { status: response.status, body: await response.json() };
}

let forumReady = true;
let authUrl: string;
let forumUrl: string;
let closedUrl: string;

beforeAll(async () => {
  authUrl = await serviceAnswering(() => true);
  forumUrl = await serviceAnswering(() => forumReady);
  const closed = await listen(express(), 0, '127.0.0.1');
  closedUrl = `http://127.0.0.1:${closed.port}`;
  await closed.close();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describe('readiness of the services a process runs', () => {
  it('is ready when every service it covers is ready', async () => {
    forumReady = true;
    const { status, body } = await aggregate([serviceReadiness('auth', authUrl), serviceReadiness('forum', forumUrl)]);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ready', checks: { auth: true, forum: true } });
  });

  it('answers 503 naming the one service that is not ready', async () => {
    forumReady = false;
    const { status, body } = await aggregate([serviceReadiness('auth', authUrl), serviceReadiness('forum', forumUrl)]);
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'not ready', checks: { auth: true, forum: false } });
  });

  it('counts a service that does not answer at all as not ready', async () => {
    const { status, body } = await aggregate([serviceReadiness('auth', authUrl), serviceReadiness('dm', closedUrl)]);
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'not ready', checks: { auth: true, dm: false } });
  });
});

describe('readiness while an optional dependency is away', () => {
  const broker = (up: boolean): ReadinessCheck => ({ name: 'events', check: async () => up, optional: true });
  const database = (up: boolean): ReadinessCheck => ({ name: 'database', check: async () => up });

  it('stays ready and says degraded, naming what is away', async () => {
    const { status, body } = await aggregate([database(true), broker(false)]);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'degraded', checks: { database: true, events: false }, degraded: ['events'] });
  });

  it('shows each outcome as the crucible_dependency_up gauge', async () => {
    await aggregate([database(true), broker(false)]);
    const metrics = await domainMetricsRegistry.metrics();
    expect(metrics).toContain('crucible_dependency_up{service="process",dependency="database",optional="false"} 1');
    expect(metrics).toContain('crucible_dependency_up{service="process",dependency="events",optional="true"} 0');
    await aggregate([database(true), broker(true)]);
    expect(await domainMetricsRegistry.metrics()).toContain(
      'crucible_dependency_up{service="process",dependency="events",optional="true"} 1',
    );
  });

  it('is not ready when a required dependency is away, whatever the optional ones say', async () => {
    const { status, body } = await aggregate([database(false), broker(true)]);
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'not ready', checks: { database: false, events: true } });
  });
});
