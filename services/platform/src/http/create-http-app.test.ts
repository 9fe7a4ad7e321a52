import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_NAME } from '@crucible/proto';
import { createLogger } from '../logging/logger.ts';
import { CLIENT_ADDRESS_HEADER, signClientAddress } from './client-address.ts';
import { createHttpApp, listen } from './create-http-app.ts';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH, jsonDepthExceeds } from './json-depth.ts';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('jsonDepthExceeds', () => {
  it('counts objects and arrays, and stops counting inside strings', () => {
    expect(jsonDepthExceeds(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(jsonDepthExceeds(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(jsonDepthExceeds(bytes('{"a":{"b":[1,{"c":2}]}}'), 4)).toBe(false);
    expect(jsonDepthExceeds(bytes('{"a":{"b":[1,{"c":2}]}}'), 3)).toBe(true);
    // Brackets in strings, escaped quotes included, are text.
    expect(jsonDepthExceeds(bytes(JSON.stringify({ text: `\\"${'['.repeat(100)}"` })), 1)).toBe(false);
    // Siblings do not add up: width is not depth.
    expect(jsonDepthExceeds(bytes(JSON.stringify(Array.from({ length: 10_000 }, () => [[1]]))), 3)).toBe(false);
  });
});

describe('every service app refuses deep JSON with a 400', () => {
  let close: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const app = createHttpApp({
      service: 'depth-test',
      logger: createLogger({ level: 'silent', service: 'depth-test' }),
      readiness: () => [],
      metricsToken: undefined,
      routes: (router) => router.post('/echo', (_req, res) => res.json({ ok: true })),
    });
    const running = await listen(app, 0, '127.0.0.1');
    close = running.close;
    url = `http://127.0.0.1:${running.port}`;
  });
  afterAll(() => close?.());

  const post = (body: string) =>
    fetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it.each([
    ['5,000 arrays', nested(5000)],
    ['15,000 objects (90 kB)', `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`],
    ['one level past the limit', nested(MAX_JSON_DEPTH + 1)],
  ])('%s: 400 with a plain message', async (_label, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message: JSON_TOO_DEEP_MESSAGE });
  });

  it('passes bodies at the limit and wide bodies', async () => {
    expect((await post(nested(MAX_JSON_DEPTH))).status).toBe(200);
    const wide = JSON.stringify({ list: Array.from({ length: 15_000 }, (_, index) => index % 10) });
    expect((await post(wide)).status).toBe(200);
  });
});

describe('Cache-Control on signed-in answers', () => {
  let close: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const app = createHttpApp({
      service: 'no-store-test',
      logger: createLogger({ level: 'silent', service: 'no-store-test' }),
      readiness: () => [],
      metricsToken: undefined,
      routes: (router) => {
        router.get('/api/thing', (_req, res) => res.json({ ok: true }));
        router.get('/api/thing/missing', (_req, res) => res.status(404).json({ statusCode: 404 }));
        router.get('/api/picture', (_req, res) => res.set('Cache-Control', 'public, max-age=60').json({ ok: true }));
      },
    });
    const running = await listen(app, 0, '127.0.0.1');
    close = running.close;
    url = `http://127.0.0.1:${running.port}`;
  });
  afterAll(() => close?.());

  it('is no-store for a bearer token or the auth cookie, answers and errors alike', async () => {
    for (const headers of [{ authorization: 'Bearer t' }, { cookie: `${AUTH_COOKIE_NAME}=t` }] as Record<
      string,
      string
    >[]) {
      for (const path of ['/api/thing', '/api/thing/missing']) {
        const response = await fetch(`${url}${path}`, { headers });
        expect(response.headers.get('cache-control'), path).toBe('no-store');
      }
    }
  });

  it('leaves anonymous answers and a route that names its own caching alone', async () => {
    expect((await fetch(`${url}/api/thing`)).headers.get('cache-control')).toBeNull();
    const picture = await fetch(`${url}/api/picture`, { headers: { authorization: 'Bearer t' } });
    expect(picture.headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('the client address a service believes', () => {
  const secret = 'a-gateway-secret-of-at-least-32-chars';
  let close: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const app = createHttpApp({
      service: 'address-test',
      logger: createLogger({ level: 'silent', service: 'address-test' }),
      readiness: () => [],
      metricsToken: undefined,
      gatewaySecret: secret,
      routes: (router) => router.get('/ip', (req, res) => res.json({ ip: req.ip })),
    });
    const running = await listen(app, 0, '127.0.0.1');
    close = running.close;
    url = `http://127.0.0.1:${running.port}`;
  });
  afterAll(() => close?.());

  const ipFor = async (headers: Record<string, string>) =>
    ((await (await fetch(`${url}/ip`, { headers })).json()) as { ip: string }).ip;

  it('is the address the gateway signed', async () => {
    expect(await ipFor({ [CLIENT_ADDRESS_HEADER]: signClientAddress('203.0.113.9', secret) })).toBe('203.0.113.9');
  });

  it('is the socket address for X-Forwarded-For, even from loopback, and for forged or unsigned names', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { [CLIENT_ADDRESS_HEADER]: '203.0.113.9' },
      { [CLIENT_ADDRESS_HEADER]: signClientAddress('203.0.113.9', 'another-secret-of-at-least-32-chars') },
      // A valid signature for one address does not carry over to another.
      { [CLIENT_ADDRESS_HEADER]: `203.0.113.10 ${signClientAddress('203.0.113.9', secret).split(' ')[1]}` },
    ] as Record<string, string>[])
      expect(await ipFor(headers), JSON.stringify(headers)).toBe('127.0.0.1');
  });
});
