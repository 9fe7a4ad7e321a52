import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryCache } from '../cache/memory-cache.ts';
import { createLogger } from '../logging/logger.ts';
import { createHttpApp, listen } from './create-http-app.ts';
import { IDEMPOTENCY_MESSAGES } from './idempotency.ts';

let server: Awaited<ReturnType<typeof listen>>;
let created = 0;
let failNext = false;
let release: (() => void) | undefined;

beforeAll(async () => {
  const app = createHttpApp({
    service: 'sends',
    logger: createLogger({ service: 'sends', level: 'silent' }),
    readiness: () => [],
    metricsToken: undefined,
    idempotencyCache: createMemoryCache(),
    routes: (router) => {
      router.post('/messages', async (req, res) => {
        if (req.query.slow) await new Promise<void>((resolve) => (release = resolve));
        if (failNext) {
          failNext = false;
          res.status(503).json({ statusCode: 503, message: 'busy' });
          return;
        }
        created += 1;
        res.status(201).json({ id: created, content: (req.body as { content: string }).content });
      });
    },
  });
  server = await listen(app, 0, '127.0.0.1');
});
afterAll(() => server.close());

const send = (key: string | undefined, token = 'member-a', path = '/messages') =>
  fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify({ content: 'hello' }),
  });

describe('sends with an Idempotency-Key', () => {
  it('answers a repeat with the first answer and creates nothing more', async () => {
    const first = await send('key-repeat-0001');
    const again = await send('key-repeat-0001');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const before = created;
    await send('key-repeat-0001');
    expect(created).toBe(before);
  });

  it('keeps keys apart per member and runs sends without a key every time', async () => {
    const before = created;
    await send('key-shared-0001', 'member-a');
    await send('key-shared-0001', 'member-b');
    await send(undefined);
    await send(undefined);
    expect(created).toBe(before + 4);
  });

  it('lets a send that failed be tried again with the same key', async () => {
    failNext = true;
    expect((await send('key-failed-0001')).status).toBe(503);
    const retried = await send('key-failed-0001');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 409 to a repeat while the first is still running', async () => {
    const first = send('key-inflight-01', 'member-a', '/messages?slow=1');
    // The first is running once its handler holds the release: the key is claimed by then.
    await vi.waitFor(() => expect(release).toBeDefined());
    const repeat = await send('key-inflight-01', 'member-a', '/messages?slow=1');
    expect(repeat.status).toBe(409);
    expect((await repeat.json()).message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
    release?.();
    expect((await first).status).toBe(201);
  });

  it('refuses a malformed key', async () => {
    const response = await send('no');
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(IDEMPOTENCY_MESSAGES.badKey);
  });
});
