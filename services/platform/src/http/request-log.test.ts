import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { createHttpApp, listen } from './create-http-app.ts';

interface Line {
  msg: string;
  level: number;
  reqId: string;
  req: { method: string; url: string; headers: Record<string, string> };
  res: { statusCode: number };
}

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function appLoggingTo(lines: Line[]) {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Line);
      done();
    },
  });
  const app = createHttpApp({
    service: 'logged',
    metricsToken: undefined,
    logger: createLogger({ service: 'logged', level: 'debug', destination }),
    readiness: () => [],
    collectProcessMetrics: false,
    routes: (router) => {
      router.get('/hello', (_req, res) => void res.json({ hello: true }));
      router.get('/broken', () => {
        throw new Error('boom');
      });
    },
  });
  const server = await listen(app, 0, '127.0.0.1');
  servers.push(server);
  return `http://127.0.0.1:${server.port}`;
}

const finished = (lines: Line[]) => lines.filter((line) => ['request completed', 'request errored'].includes(line.msg));

describe('request log', () => {
  it('writes one line per request, with the caller’s request id and the credentials redacted', async () => {
    const lines: Line[] = [];
    const url = await appLoggingTo(lines);
    const response = await fetch(`${url}/hello?x=1`, {
      headers: { 'x-request-id': 'trace-42', authorization: 'Bearer secret-token', cookie: 'auth=secret' },
    });
    expect(response.headers.get('x-request-id')).toBe('trace-42');
    await expect.poll(() => finished(lines).length).toBe(1);
    const [line] = finished(lines);
    expect(line).toMatchObject({
      reqId: 'trace-42',
      req: { method: 'GET', url: '/hello?x=1' },
      res: { statusCode: 200 },
    });
    expect(line!.req.headers.authorization).toBe('[redacted]');
    expect(line!.req.headers.cookie).toBe('[redacted]');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('makes up a request id when the caller’s is missing or malformed, and logs a failure at error level', async () => {
    const lines: Line[] = [];
    const url = await appLoggingTo(lines);
    const response = await fetch(`${url}/broken`, { headers: { 'x-request-id': 'bad id with spaces' } });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => finished(lines).length).toBe(1);
    expect(finished(lines)[0]).toMatchObject({ reqId: id, level: 50, res: { statusCode: 500 } });
    expect(lines.find((line) => line.msg === 'request failed')).toMatchObject({ reqId: id });
  });
});
