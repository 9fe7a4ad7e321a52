import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoutes, pathId, raw } from '@crucible/proto';
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
  whoAmI: {
    method: 'GET',
    path: '/api/who-am-i',
    auth: 'member',
    summary: 'The caller as the handler sees it',
    responses: { 200: z.object({ userId: z.string(), isAdmin: z.boolean(), userAgent: z.string().nullable() }) },
  },
  whereFrom: {
    method: 'GET',
    path: '/api/where-from',
    auth: 'public',
    summary: 'The request facts of an anonymous caller',
    responses: { 200: z.object({ signedIn: z.boolean(), userAgent: z.string().nullable() }) },
  },
  create: {
    method: 'POST',
    path: '/api/things',
    auth: 'public',
    summary: 'Create a thing',
    body: z.object({ name: z.string() }),
    responses: { 201: z.object({ name: z.string(), createdAt: z.iso.datetime() }) },
  },
  remove: {
    method: 'DELETE',
    path: '/api/things/:id',
    auth: 'public',
    summary: 'Delete a thing',
    responses: { 204: null },
  },
  list: {
    method: 'GET',
    path: '/api/things',
    auth: 'public',
    summary: 'A page of things',
    responses: { 200: z.array(z.string()) },
    nextCursorHeader: 'X-Next-Cursor',
  },
  broken: {
    method: 'GET',
    path: '/api/broken',
    auth: 'public',
    summary: 'Answers what its contract refuses',
    responses: { 200: z.object({ count: z.number() }) },
  },
  download: {
    method: 'GET',
    path: '/api/download',
    auth: 'public',
    summary: 'A file',
    responses: { 200: raw('The bytes', 'text/plain') },
  },
});

const MEMBER_ID = '3F2B8C1E-9A4D-4E6F-8B7A-1C2D3E4F5A6B';

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
        verifier: {
          verify: async (token) => {
            if (token !== 'good') throw new UnauthorizedError();
            return {
              userId: MEMBER_ID,
              sessionId: 's1',
              accessLevel: 'Admin',
              isAdmin: false,
              isModerator: false,
              emailVerified: true,
            };
          },
        },
      });
      mount(routes.rename, ({ params, query, body }) => ({
        id: params.id,
        name: body.name,
        dryRun: String(query.dryRun),
      }));
      mount(routes.secret, () => ({ ok: true }));
      mount(routes.whoAmI, ({ caller }) => ({
        userId: caller.userId,
        isAdmin: caller.isAdmin,
        userAgent: caller.meta.userAgent,
      }));
      mount(routes.whereFrom, ({ caller, meta }) => ({ signedIn: caller !== undefined, userAgent: meta.userAgent }));
      mount(routes.create, ({ body }) => ({ name: body.name, createdAt: new Date('2026-01-02T03:04:05Z') }));
      mount(routes.remove, () => undefined);
      mount(routes.list, () => ({ items: ['a', 'b'], nextCursor: 'next-page' }));
      // @ts-expect-error a body the contract refuses does not type-check either
      mount(routes.broken, () => ({ count: 'many' }));
      mount.raw(routes.download, (_input, _req, res) => {
        res.type('text/plain').send('bytes');
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
    expect((await fetch(`${url}/api/secret`, { headers: { authorization: 'Bearer good' } })).status).toBe(200);
  });

  it('hands the handler the caller: lower-cased id, admin by level, request facts', async () => {
    const response = await fetch(`${url}/api/who-am-i`, {
      headers: { authorization: 'Bearer good', 'user-agent': 'mount-test-agent' },
    });
    expect(await response.json()).toEqual({
      userId: MEMBER_ID.toLowerCase(),
      isAdmin: true,
      userAgent: 'mount-test-agent',
    });
  });

  it('hands a public route the request facts of an anonymous caller', async () => {
    const response = await fetch(`${url}/api/where-from`, { headers: { 'user-agent': 'anonymous-agent' } });
    expect(await response.json()).toEqual({ signedIn: false, userAgent: 'anonymous-agent' });
  });

  it("answers the handler's body with the contract's success status, dates as their JSON form", async () => {
    const created = await fetch(`${url}/api/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Box' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ name: 'Box', createdAt: '2026-01-02T03:04:05.000Z' });
    const removed = await fetch(`${url}/api/things/x`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe('');
  });

  it("answers a cursor page as its items with the next page's cursor in the contract's header", async () => {
    const response = await fetch(`${url}/api/things`);
    expect(response.headers.get('x-next-cursor')).toBe('next-page');
    expect(await response.json()).toEqual(['a', 'b']);
  });

  it('refuses, under test, to answer a body its contract refuses (a 500)', async () => {
    const response = await fetch(`${url}/api/broken`);
    expect(response.status).toBe(500);
  });

  it('leaves a raw route to write its own answer', async () => {
    const response = await fetch(`${url}/api/download`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('bytes');
  });
});
