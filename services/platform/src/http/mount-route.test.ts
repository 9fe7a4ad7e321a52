import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoutes, pathId } from '@crucible/proto';
import { UnauthorizedError } from '../errors/http-errors.ts';
import { silentLogger } from '../logging/logger.ts';
import { createHttpApp, listen } from './create-http-app.ts';
import { createRouteMounter } from './mount-route.ts';

const routes = defineRoutes({
  rename: {
    method: 'PATCH',
    path: '/api/things/:id',
    auth: 'public',
    summary: 'Rename a thing',
    pathParams: z.object({ id: pathId('Thing not found') }),
    query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
    body: z.strictObject({ name: z.string().trim().min(1, 'Name is required') }),
    responses: { 200: z.object({ id: z.string(), name: z.string(), dryRun: z.string() }) },
  },
  secret: {
    method: 'GET',
    path: '/api/secret',
    auth: 'member',
    summary: 'Members only',
    responses: { 200: z.object({ ok: z.boolean() }) },
  },
});

let server: Awaited<ReturnType<typeof listen>>;
let url: string;

beforeAll(async () => {
  const app = createHttpApp({
    service: 'mount-test',
    metricsToken: undefined,
    logger: silentLogger,
    readiness: () => [],
    collectProcessMetrics: false,
    routes: (router) => {
      const mount = createRouteMounter(router, {
        verifier: { verify: async () => Promise.reject(new UnauthorizedError()) },
      });
      mount(routes.rename, ({ params, query, body }, _req, res) => {
        res.json({ id: params.id, name: body.name, dryRun: String(query.dryRun) });
      });
      mount(routes.secret, (_input, _req, res) => {
        res.json({ ok: true });
      });
    },
  });
  server = await listen(app, 0, '127.0.0.1');
  url = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
});

const patch = (path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('createRouteMounter', () => {
  it('hands the handler parsed input: lowercased id, defaults, trimmed body', async () => {
    const response = await patch('/api/things/3F2B8C1E-9A4D-4E6F-8B7A-1C2D3E4F5A6B', { name: '  Box ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b', name: 'Box', dryRun: 'false' });
  });

  it("answers a path parameter that fails its schema with the entry's 404", async () => {
    const response = await patch('/api/things/not-a-uuid', { name: 'Box' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Thing not found' });
  });

  it('answers a bad query or body with 400 and the issue', async () => {
    const badQuery = await patch('/api/things/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b?dryRun=maybe', { name: 'Box' });
    expect(badQuery.status).toBe(400);
    const badBody = await patch('/api/things/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b', { name: ' ' });
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toMatchObject({ message: 'Name is required' });
  });

  it('refuses NUL in a path parameter, query or body with a 400 naming it', async () => {
    const inPath = await patch('/api/things/a%00b', { name: 'Box' });
    expect(inPath.status).toBe(400);
    expect(await inPath.json()).toMatchObject({ message: 'id must not contain a NUL character' });
    const inBody = await patch('/api/things/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b', { name: 'B\u0000x' });
    expect(await inBody.json()).toMatchObject({ statusCode: 400, message: 'name must not contain a NUL character' });
  });

  it('requires a token for member routes', async () => {
    expect((await fetch(`${url}/api/secret`)).status).toBe(401);
  });
});
