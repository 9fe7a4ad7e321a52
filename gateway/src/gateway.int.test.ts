import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpApp,
  listen,
  serviceReadiness,
  silentLogger,
  type ReadinessCheck,
  type RunningService,
} from '@crucible/platform';
import { callsWith, requestsTo } from '@crucible/test-kit';
import { authRoutes, type ServiceName } from '@crucible/proto';
import { startAuthBehindGateway, type AuthBehindGateway, type Server } from './testing/auth-behind-gateway.ts';
import { UPSTREAM_IDLE_SOCKETS_KEPT } from './upstreams.ts';

let kit: AuthBehindGateway;
let webDist: string;
let stubForumServer: Server;
const ASSET_BODY = `console.log(${JSON.stringify('a module of the app '.repeat(200))});`;
const INDEX_HTML = `<!doctype html><title>Crucible</title>${'<meta name="x" content="y">'.repeat(40)}`;
const LARGE_JSON = { items: Array.from({ length: 200 }, (_, index) => ({ id: index, title: `Discussion ${index}` })) };

const DOWNLOAD = randomBytes(5 * 1024 * 1024);
/** Far more requests held open at once than the gateway keeps idle sockets for. */
const HELD_AT_ONCE = UPSTREAM_IDLE_SOCKETS_KEPT * 4 + 40;
const heldUntilFull = { size: HELD_AT_ONCE, waiting: [] as (() => void)[], released: false };
/** Shared by the gateway and the stand-in service, so the service believes the address the gateway names. */
const GATEWAY_SECRET = randomBytes(32).toString('base64url');

/**
 * A stand-in for a service behind the gateway (as forum): a large and a small JSON answer, signed
 * blob uploads (PUT, answering the byte count and SHA-256 of what arrived) and a download streamed in
 * chunks, what the service sees of the caller, a handler that throws, one that drops the connection
 * and one that never answers.
 */
function stubForum(): RunningService {
  const app = createHttpApp({
    service: 'forum',
    logger: silentLogger,
    readiness: () => [],
    collectProcessMetrics: false,
    metricsToken: undefined,
    gatewaySecret: GATEWAY_SECRET,
    routes: (router) => {
      router.get('/api/discussions/large', (_req, res) => void res.json(LARGE_JSON));
      router.get('/api/discussions/small', (_req, res) => void res.json({ ok: true }));
      router.get('/api/blobs/download', async (_req, res) => {
        res.setHeader('content-type', 'application/octet-stream');
        for (let offset = 0; offset < DOWNLOAD.length; offset += 256 * 1024) {
          if (!res.write(DOWNLOAD.subarray(offset, offset + 256 * 1024)))
            await new Promise((resolve) => res.once('drain', resolve));
        }
        res.end();
      });
      router.get('/api/discussions/echo', (req, res) => {
        res.setHeader('x-service-saw', 'yes');
        res.json({
          ip: req.ip,
          requestId: req.headers['x-request-id'],
          forwardedFor: req.headers['x-forwarded-for'],
          forwardedProto: req.headers['x-forwarded-proto'],
          forwardedHost: req.headers['x-forwarded-host'],
          url: req.originalUrl,
        });
      });
      router.get('/api/discussions/fail', () => {
        throw new Error('the handler broke');
      });
      router.get('/api/discussions/drop', (req) => void req.socket.destroy());
      router.get('/api/discussions/silent', () => undefined);
      // Holds every request until `heldUntilFull.size` are waiting at once, then answers them all with
      // what arrived: every one of them needs its own socket to this service at the same time.
      router.post('/api/discussions/held', (req, res) => {
        const answer = () => void res.status(201).json({ got: req.body });
        if (heldUntilFull.released) return answer();
        heldUntilFull.waiting.push(answer);
        if (heldUntilFull.waiting.length >= heldUntilFull.size) {
          heldUntilFull.released = true;
          for (const release of heldUntilFull.waiting.splice(0)) release();
        }
      });
      router.put(/^\/api\/blobs\//, async (req, res) => {
        const hash = createHash('sha256');
        let bytes = 0;
        for await (const chunk of req as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          hash.update(chunk);
        }
        res.status(201).json({ bytes, sha256: hash.digest('hex') });
      });
    },
  });
  return { name: 'forum', app, stop: async () => undefined };
}

/** A GET whose body is left as sent (fetch would decompress it), with the headers asked for. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    },
  );
}

function decode(encoding: unknown, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}
/**
 * How the gateway reaches the services: over HTTP (between processes), or, for the services this
 * test runs in its own process, by handing requests to their apps (the launcher's one-process mode).
 * Every test runs in both modes: the answers must be the same.
 */
type Mode = 'proxied' | 'in-process';
let mode: Mode = 'proxied';
/** URL of each service this test runs -> its app. */
const localApps = new Map<string, { name: ServiceName; app: RunningService['app'] }>();

async function startGateway(env: Record<string, string>, readinessOfServices?: ReadinessCheck[]) {
  const inProcessServices =
    mode === 'in-process'
      ? Object.fromEntries(
          Object.values(env).flatMap((value) => {
            const local = localApps.get(value);
            return local ? [[local.name, local.app]] : [];
          }),
        )
      : undefined;
  const { url } = await kit.startGateway(
    { WEB_DIST_DIR: webDist, GATEWAY_SECRET, ...env },
    { serviceReadiness: readinessOfServices, inProcessServices },
  );
  return url;
}

function cspDirective(response: Response, name: string): string | undefined {
  const policy = response.headers.get('content-security-policy') ?? '';
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
let gatewayUrl: string;
let token: string;
let authUrl: string;
let forumUrl: string;

beforeAll(async () => {
  kit = await startAuthBehindGateway('proxy');
  webDist = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await mkdir(join(webDist, 'assets'));
  // What the web build writes: each file with its brotli and gzip copies (web/scripts/vite-precompress.ts).
  for (const [file, content] of [
    ['index.html', INDEX_HTML],
    [join('assets', 'app-1a2b3c.js'), ASSET_BODY],
  ] as const) {
    await writeFile(join(webDist, file), content);
    await writeFile(join(webDist, `${file}.br`), brotliCompressSync(content));
    await writeFile(join(webDist, `${file}.gz`), gzipSync(content));
  }
  const forum = stubForum();
  stubForumServer = await listen(forum.app, 0, '127.0.0.1');
  authUrl = kit.authUrl;
  forumUrl = `http://127.0.0.1:${stubForumServer.port}`;
  localApps.set(authUrl, { name: 'auth', app: kit.auth.app });
  localApps.set(forumUrl, { name: 'forum', app: forum.app });
  const credentials = { email: `gw-${randomBytes(4).toString('hex')}@example.com`, password: 'long-enough-1' };
  const callAuth = callsWith(requestsTo(authUrl));
  await callAuth(authRoutes.signUp, { body: { ...credentials, firstName: 'Gate', lastName: 'Way' } });
  // Sign-up opens no session when it mails a verification link.
  const signedIn = await callAuth(authRoutes.signIn, { body: credentials });
  token = (signedIn as { token: string }).token;
});

afterAll(async () => {
  await kit?.stop();
  await stubForumServer?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

// Requests go through the contract's call where only a status and a body are checked; the rest stay
// raw because they read what a call does not return (the gateway's headers: Retry-After, request ids,
// security headers, encodings) or reach what the contract does not name (the stub upstream's routes,
// blob uploads, /metrics, /readyz, the web app's files).
describe.each<Mode>(['proxied', 'in-process'])('gateway, services reached %s', (testedMode) => {
  beforeAll(async () => {
    mode = testedMode;
    gatewayUrl = await startGateway({ AUTH_URL: authUrl, FORUM_URL: forumUrl });
  });
  it('passes public routes through without a token', async () => {
    const body = { email: 'nobody@example.com', password: 'x' };
    expect(await callsWith(requestsTo(gatewayUrl))(authRoutes.signIn, { body, expect: 401 })).toMatchObject({
      message: 'Invalid email or password',
    });
  });

  it('refuses a member route without a token before reaching the service', async () => {
    expect(await callsWith(requestsTo(gatewayUrl))(authRoutes.countUsers, { expect: 401 })).toEqual({
      statusCode: 401,
      message: 'Unauthorized',
    });
  });

  it('refuses forged and malformed tokens with 401, never 500', async () => {
    for (const bad of ['garbage', `${token.slice(0, -4)}AAAA`, 'a.b.c', token.split('.').slice(0, 2).join('.') + '.']) {
      await callsWith(requestsTo(gatewayUrl))(authRoutes.countUsers, { token: bad, expect: 401 });
    }
  });

  it('proxies member routes with a valid token and keeps the request id', async () => {
    const response = await fetch(`${gatewayUrl}/api/users/count`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-me-123' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('trace-me-123');
    expect(((await response.json()) as { count: number }).count).toBeGreaterThanOrEqual(1);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${gatewayUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('refuses bodies over the limit with 413', async () => {
    const body = { email: 'a@b.co', password: 'x'.repeat(3 * 1024 * 1024) };
    expect(await callsWith(requestsTo(gatewayUrl))(authRoutes.signIn, { body, expect: 413 })).toMatchObject({
      statusCode: 413,
    });
  });

  it('leaves signed blob uploads to the blob store, whatever their size, and passes them on whole', async () => {
    const body = randomBytes(3 * 1024 * 1024);
    const upload = await fetch(`${gatewayUrl}/api/blobs/some/key?sig=x`, { method: 'PUT', body });
    expect(upload.status).toBe(201);
    expect(await upload.json()).toEqual({
      bytes: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
  });

  it('lets the browser reach the configured extra origins, such as the S3 endpoint', async () => {
    const url = await startGateway({ CSP_CONNECT_SOURCES: 'https://files.example.com' });
    const response = await fetch(`${url}/api/auth/jwks`);
    expect(cspDirective(response, 'connect-src')).toBe("connect-src 'self' https://files.example.com");
  });

  it('lets pages connect to their own origin only: the socket is same-origin /ws, no other ws: or wss: host', async () => {
    const page = await fetch(`${gatewayUrl}/forums`, { headers: { accept: 'text/html' } });
    expect(cspDirective(page, 'connect-src')).toBe("connect-src 'self'");
  });

  it('sends HSTS only over https: never over plain http, and over https as a trusted proxy reports it', async () => {
    expect((await fetch(`${gatewayUrl}/api/auth/jwks`)).headers.get('strict-transport-security')).toBeNull();
    // The test connects from loopback, which the default TRUST_PROXY believes.
    const behindProxy = await fetch(`${gatewayUrl}/api/auth/jwks`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(behindProxy.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    const untrusted = await startGateway({ TRUST_PROXY: '192.0.2.1' });
    expect(
      (await fetch(`${untrusted}/healthz`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
  });

  it('keeps /metrics from anyone without the METRICS_TOKEN, answering as for an unknown path', async () => {
    const metricsToken = randomBytes(24).toString('hex');
    const url = await startGateway({ METRICS_TOKEN: metricsToken });
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-some-length',
      metricsToken,
      `Basic ${metricsToken}`,
    ]) {
      const response = await fetch(`${url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status, authorization).toBe(404);
      expect(await response.json()).toEqual({ statusCode: 404, message: 'Cannot GET /metrics' });
    }
    const scraped = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('http_request_duration_seconds');
  });

  it('serves /metrics without a token only to a direct client on this machine, not through a proxy', async () => {
    expect((await fetch(`${gatewayUrl}/metrics`)).status).toBe(200);
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }] as Record<
      string,
      string
    >[]) {
      expect((await fetch(`${gatewayUrl}/metrics`, { headers })).status).toBe(404);
    }
  });

  it('answers 503 with a JSON body when a service is down', async () => {
    const url = await startGateway({ AUTH_URL: 'http://127.0.0.1:9' });
    const started = Date.now();
    const response = await fetch(`${url}/api/auth/signin`, json({ email: 'a@b.co', password: 'x' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ statusCode: 503, message: 'The auth service is unavailable' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stays ready while a service in another pod is down', async () => {
    const alone = await startGateway({ AUTH_URL: 'http://127.0.0.1:1' });
    expect((await fetch(`${alone}/readyz`)).status).toBe(200);
  });

  it('covers the services of its own process in /readyz (one-process mode)', async () => {
    const withAuth = await startGateway({ AUTH_URL: authUrl }, [serviceReadiness('auth', authUrl)]);
    const ready = await fetch(`${withAuth}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { cache: true, events: true, auth: true } });

    const withDownForum = await startGateway({ AUTH_URL: authUrl }, [
      serviceReadiness('auth', authUrl),
      serviceReadiness('forum', 'http://127.0.0.1:1'),
    ]);
    const notReady = await fetch(`${withDownForum}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'not ready', checks: { auth: true, forum: false } });
  });

  it('answers 503 for routes of a service that is not running', async () => {
    const url = await startGateway({});
    const response = await fetch(`${url}/api/auth/signin`, json({ email: 'a@b.co', password: 'x' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it('limits requests per IP with 429 and Retry-After', async () => {
    const url = await startGateway({ AUTH_URL: authUrl, RATE_LIMIT_PER_IP_PER_MINUTE: '5' });
    // Distinct client addresses per test run keep other runs' counters apart.
    const client = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await fetch(`${url}/api/auth/jwks`, { headers: { 'x-forwarded-for': client } });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('sets security headers and keeps cross-site origins out', async () => {
    const response = await fetch(`${gatewayUrl}/api/auth/jwks`, { headers: { origin: 'https://evil.example' } });
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves hashed assets for a year and index.html for client routes', async () => {
    const asset = await fetch(`${gatewayUrl}/assets/app-1a2b3c.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const page = await fetch(`${gatewayUrl}/forums?discussion=1`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>Crucible</title>');
  });

  it(`reaches the service ${testedMode === 'in-process' ? 'without' : 'over'} a loopback connection`, async () => {
    const url = await startGateway({ AUTH_URL: authUrl, FORUM_URL: forumUrl });
    let connections = 0;
    const count = () => (connections += 1);
    stubForumServer.server.on('connection', count);
    try {
      const response = await fetch(`${url}/api/discussions/small`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
    } finally {
      stubForumServer.server.off('connection', count);
    }
    expect(connections).toBe(testedMode === 'in-process' ? 0 : 1);
  });

  it('streams downloads through whole, uncompressed', async () => {
    const download = await rawGet(`${gatewayUrl}/api/blobs/download`, { 'accept-encoding': 'br, gzip' });
    expect(download.status).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.body.equals(DOWNLOAD)).toBe(true);
  });

  it('names the client address it decided and the request id, and passes on no forwarding header', async () => {
    const response = await fetch(`${gatewayUrl}/api/discussions/echo?page=2`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'echo-123', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-service-saw')).toBe('yes');
    expect(response.headers.get('x-request-id')).toBe('echo-123');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The address comes signed in the gateway's own header; what the client claimed goes no further.
    expect(await response.json()).toEqual({
      ip: '203.0.113.7',
      requestId: 'echo-123',
      url: '/api/discussions/echo?page=2',
    });
  });

  it("passes a service's own error answer on as it is", async () => {
    const response = await fetch(`${gatewayUrl}/api/discussions/fail`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      errorId: expect.any(String),
    });
  });

  it('answers 504 with a JSON body when a service drops the request or stays silent past the timeout', async () => {
    const url = await startGateway({ AUTH_URL: authUrl, FORUM_URL: forumUrl, UPSTREAM_TIMEOUT_MS: '300' });
    const headers = { authorization: `Bearer ${token}` };
    const dropped = await fetch(`${url}/api/discussions/drop`, { headers });
    expect(dropped.status).toBe(504);
    expect(await dropped.json()).toEqual({ statusCode: 504, message: 'The forum service did not answer in time' });
    const started = Date.now();
    const silent = await fetch(`${url}/api/discussions/silent`, { headers });
    expect(silent.status).toBe(504);
    expect(await silent.json()).toEqual({ statusCode: 504, message: 'The forum service did not answer in time' });
    expect(Date.now() - started).toBeLessThan(5000);
    // The gateway is still well afterwards.
    expect((await fetch(`${url}/api/discussions/small`, { headers })).status).toBe(200);
  });

  it("sends the build's brotli copy, else its gzip copy, else the file, each with Vary and the same bytes", async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const asset = await rawGet(`${gatewayUrl}/assets/app-1a2b3c.js`, { 'accept-encoding': accept });
      expect(asset.status, accept).toBe(200);
      expect(asset.headers['content-encoding'], accept).toBe(encoding);
      expect(asset.headers['content-type'], accept).toMatch(/^text\/javascript/);
      expect(asset.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.vary, accept).toMatch(/Accept-Encoding/i);
      expect(decode(encoding, asset.body), accept).toBe(ASSET_BODY);
    }
  });

  it('sends index.html compressed to client routes, revalidated', async () => {
    const page = await rawGet(`${gatewayUrl}/forums`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(decode('br', page.body)).toBe(INDEX_HTML);
  });

  it('compresses JSON answers of 1 KiB and more, and leaves small ones as they are', async () => {
    const authorization = `Bearer ${token}`;
    const large = await rawGet(`${gatewayUrl}/api/discussions/large`, { authorization, 'accept-encoding': 'br, gzip' });
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(decode('br', large.body))).toEqual(LARGE_JSON);
    const gzipOnly = await rawGet(`${gatewayUrl}/api/discussions/large`, { authorization, 'accept-encoding': 'gzip' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode('gzip', gzipOnly.body))).toEqual(LARGE_JSON);
    const small = await rawGet(`${gatewayUrl}/api/discussions/small`, { authorization, 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });

  it('serves the OpenAPI document and its reference page to anyone, scripts from our own origin', async () => {
    const spec = await fetch(`${gatewayUrl}/api/openapi.json`);
    expect(spec.status).toBe(200);
    const document = (await spec.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signin', '/api/discussions/{id}/replies']),
    );

    const page = await fetch(`${gatewayUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const scripts = [...(await page.text()).matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.startsWith('/')).toBe(true);
      const asset = await fetch(`${gatewayUrl}${script}`);
      expect(asset.status, script).toBe(200);
      expect(asset.headers.get('content-type'), script).toMatch(/javascript/);
    }
  });

  it('refuses a NUL character in a query string with a 400 naming the parameter', async () => {
    const response = await fetch(`${gatewayUrl}/api/auth/verify-email?token=a%00b`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'token must not contain a NUL character' });
  });

  it('refuses a WebSocket upgrade with 503 while realtime is not running', async () => {
    const { port } = new URL(gatewayUrl);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const upgrade = httpRequest({
        host: '127.0.0.1',
        port,
        path: '/ws',
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
        },
      });
      upgrade.on('response', (response) => resolve(response.statusCode));
      upgrade.on('upgrade', () => resolve(101));
      upgrade.on('error', reject);
      upgrade.end();
    });
    expect(status).toBe(503);
  });
});

describe('the proxied path under load', () => {
  it('passes every body on while hundreds of requests are open at once: none waits for a socket or is refused', async () => {
    mode = 'proxied';
    const url = await startGateway({
      AUTH_URL: authUrl,
      FORUM_URL: forumUrl,
      MAX_IN_FLIGHT_PER_ADDRESS: '100000',
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000',
    });
    const count = HELD_AT_ONCE;
    const answers = await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const response = await fetch(`${url}/api/discussions/held`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ index }),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      }),
    );
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    expect(answers.map((answer) => answer.body)).toEqual(
      Array.from({ length: count }, (_, index) => ({ got: { index } })),
    );
  });
});

describe('the proxied and the in-process path', () => {
  it('give the same statuses, headers and bodies', async () => {
    const answers: Record<string, unknown[]> = {};
    for (const tested of ['proxied', 'in-process'] as const) {
      mode = tested;
      const url = await startGateway({ AUTH_URL: authUrl, FORUM_URL: forumUrl });
      const authorization = `Bearer ${token}`;
      const requests: [string, Record<string, string>][] = [
        ['/api/discussions/small', { authorization }],
        ['/api/discussions/large', { authorization, 'accept-encoding': 'br' }],
        ['/api/discussions/echo', { authorization, 'x-request-id': 'same-1', 'x-forwarded-for': '198.51.100.4' }],
        ['/api/discussions/fail', { authorization }],
        ['/api/discussions/nothing', { authorization }],
        ['/api/users/count', { authorization }],
        ['/api/users/count', {}],
        ['/api/auth/jwks', { 'x-request-id': 'same-2' }],
      ];
      answers[tested] = [];
      for (const [path, headers] of requests) {
        const response = await rawGet(`${url}${path}`, headers);
        // The echo names the gateway's own address, which differs between the two (and so its ETag).
        const { date: _date, etag, 'x-request-id': requestId, ...rest } = response.headers;
        const body =
          response.headers['content-encoding'] === 'br' ? decode('br', response.body) : response.body.toString();
        answers[tested].push({
          path,
          status: response.status,
          headers: { ...rest, etag: typeof etag },
          requestIdGiven: headers['x-request-id'] ? requestId : typeof requestId,
          // A 500's error id is new each time.
          body: body.replace(/"errorId":"[^"]+"/, '"errorId":"x"').replaceAll(new URL(url).host, 'gateway'),
        });
      }
    }
    expect(answers['in-process']).toEqual(answers.proxied);
  });
});
