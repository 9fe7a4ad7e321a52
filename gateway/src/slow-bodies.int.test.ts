/**
 * Requests that announce a body and never finish it: the gateway reads small bodies itself under a
 * body timeout and caps the requests one address has in flight, so a flood of unfinished bodies from
 * one address neither holds the pooled upstream sockets nor delays anyone else's sign-in. Distinct
 * client addresses on one machine are loopback addresses (127.0.0.2, 127.0.0.3) bound as the local
 * end of the client's socket.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TOO_DEEP_MESSAGE } from '@crucible/platform';
import { BODY_TIMEOUT_MESSAGE, IN_FLIGHT_MESSAGE } from './request-guard.ts';
import { startAuthBehindGateway, type AuthBehindGateway } from './testing/auth-behind-gateway.ts';

const SLOW_REQUESTS = 300;
const MAX_IN_FLIGHT = 20;
const BODY_IDLE_TIMEOUT_MS = 3000;

let kit: AuthBehindGateway;
let port: number;
const credentials = { email: `slow-${randomBytes(4).toString('hex')}@example.com`, password: 'long-enough-1' };

beforeAll(async () => {
  kit = await startAuthBehindGateway('slow');
  ({
    server: { port },
  } = await kit.startGateway({
    AUTH_URL: kit.authUrl,
    MAX_IN_FLIGHT_PER_ADDRESS: String(MAX_IN_FLIGHT),
    BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_TIMEOUT_MS),
    BODY_READ_TIMEOUT_MS: String(2 * BODY_IDLE_TIMEOUT_MS),
  }));
  const signup = await send('127.0.0.3', '/api/auth/signup', { ...credentials, firstName: 'Slow', lastName: 'Flood' });
  expect(signup.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await kit?.stop();
});

/** A complete JSON POST from `localAddress`. */
function send(
  localAddress: string,
  path: string,
  body: unknown,
  options: { chunked?: boolean; raw?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const text = options.raw ?? JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!options.chunked) headers['content-length'] = String(Buffer.byteLength(text));
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', localAddress, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }),
        );
      },
    );
    request.on('error', reject);
    if (options.chunked) {
      // Two chunks a moment apart: the gateway must wait for the second and pass both on.
      request.write(text.slice(0, 10));
      setTimeout(() => request.end(text.slice(10)), 50);
    } else request.end(text);
  });
}

interface SlowRequest {
  socket: Socket;
  /** Settles with the status line's code (0 when the connection closed without an answer) and when. */
  answer: Promise<{ status: number; at: number; text: string }>;
}

/** Announces `announced` bytes of body, sends `sent` of them, and never sends the rest. */
function startUnfinished(localAddress: string, announced: number, sent: string): SlowRequest {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  socket.write(
    `POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${announced}\r\n\r\n${sent}`,
  );
  let received = '';
  const answer = new Promise<{ status: number; at: number; text: string }>((resolve) => {
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), at: Date.now(), text: received }),
    );
  });
  return { socket, answer };
}

describe('unfinished request bodies', () => {
  it('a flood of never-finishing bodies from one address does not delay a sign-in from another', async () => {
    const quietStarted = Date.now();
    expect((await send('127.0.0.3', '/api/auth/signin', credentials)).status).toBe(200);
    const quiet = Date.now() - quietStarted;
    const startedAt = Date.now();
    const slow = Array.from({ length: SLOW_REQUESTS }, () => startUnfinished('127.0.0.2', 10_000, '{"email":'));
    // The first refusal (429) means the cap is full: this address's admitted requests are all waiting
    // for bodies that will not come.
    await Promise.race(
      slow.map((request) =>
        request.answer.then((answer) => (answer.status === 429 ? undefined : new Promise<never>(() => undefined))),
      ),
    );
    const signInStarted = Date.now();
    const signIn = await send('127.0.0.3', '/api/auth/signin', credentials);
    const signInAnsweredAt = Date.now();
    console.info(
      `sign-in under a flood of ${SLOW_REQUESTS} unfinished bodies: ${signInAnsweredAt - signInStarted} ms ` +
        `(flood started ${signInStarted - startedAt} ms before; ${quiet} ms without the flood)`,
    );
    expect(signIn.status).toBe(200);
    expect(signIn.body).toHaveProperty('token');

    const answers = await Promise.all(slow.map((request) => request.answer));
    const byStatus = new Map<number, number>();
    for (const { status } of answers) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    console.info(`slow requests answered: ${JSON.stringify(Object.fromEntries(byStatus))}`);
    // Every slow request is answered and cut off: the ones past the cap with 429 and Retry-After, the
    // ones admitted with 408 once their body stalled (more than the cap when the flood's connections
    // arrive over longer than the body timeout); none reached the service (no 5xx, no 401).
    expect([...byStatus.keys()].sort()).toEqual([408, 429]);
    expect(byStatus.get(408)).toBeGreaterThanOrEqual(MAX_IN_FLIGHT);
    const tooMany = answers.find((answer) => answer.status === 429)!;
    expect(tooMany.text).toMatch(/retry-after: 1/i);
    expect(tooMany.text).toContain(IN_FLIGHT_MESSAGE);
    expect(answers.find((answer) => answer.status === 408)!.text).toContain(BODY_TIMEOUT_MESSAGE);
    // The sign-in answered while the admitted slow requests were still waiting for their bodies.
    const firstCutOff = Math.min(...answers.filter((answer) => answer.status === 408).map((answer) => answer.at));
    expect(signInAnsweredAt).toBeLessThan(firstCutOff);
    console.info(`admitted slow requests cut off ${firstCutOff - startedAt} ms after they started`);
  }, 60_000);

  it('a body shorter than its Content-Length gets a 408 after the body timeout, not a 504', async () => {
    const startedAt = Date.now();
    const short = startUnfinished('127.0.0.4', 100, '{"email":"a@example.com"}');
    const answer = await short.answer;
    expect(answer.status).toBe(408);
    console.info(`short body answered ${answer.status} after ${answer.at - startedAt} ms`);
  }, 20_000);

  it('passes complete bodies on, chunked ones included, and refuses deep JSON itself', async () => {
    const chunked = await send('127.0.0.5', '/api/auth/signin', credentials, { chunked: true });
    expect(chunked.status).toBe(200);
    const wrong = await send('127.0.0.5', '/api/auth/signin', { ...credentials, password: 'not-the-one-1' });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
    const deep = await send('127.0.0.5', '/api/auth/signin', undefined, {
      raw: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    });
    expect(deep).toMatchObject({ status: 400, body: { message: JSON_TOO_DEEP_MESSAGE } });
  });
});
