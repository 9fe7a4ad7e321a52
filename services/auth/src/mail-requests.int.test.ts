/**
 * Password-reset mail leaves through mail_requests, drained in the background: a request for a
 * member and one for an unknown address do the same work (one queued row), answer without waiting
 * for the mail server, and the queue never holds a token.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authRoutes } from '@crucible/proto';
import { callsWith } from '@crucible/test-kit';
import { startAuthHarness, uniqueEmail, type AuthHarness } from './testing/auth-harness.ts';

/** A mail server that accepts connections and never says a word, like one that hangs. */
let silentSmtp: Server;
const sockets: Socket[] = [];
let auth: AuthHarness;

beforeAll(async () => {
  silentSmtp = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
  const { port } = silentSmtp.address() as { port: number };
  // Short timeouts so the sender gives up on its attempt (and the service stops) quickly.
  auth = await startAuthHarness({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}/?connectionTimeout=3000&greetingTimeout=3000&socketTimeout=3000` },
  });
});

afterAll(async () => {
  await auth?.stop();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silentSmtp?.close(resolve));
});

describe('password-reset mail through the queue', () => {
  it('answers a member and an unknown address alike, at once, while the mail server hangs', async () => {
    const member = await auth.signUp();
    const unknown = uniqueEmail('nobody');
    for (const email of [member.email, unknown]) {
      const startedAt = performance.now();
      const answer = await callsWith(auth.request)(authRoutes.requestPasswordReset, { body: { email } });
      expect(answer).toEqual({ message: AUTH_MESSAGES.resetRequested });
      // The hanging server would hold an inline send for at least its 3 s greeting timeout.
      expect(performance.now() - startedAt, email).toBeLessThan(2500);
    }
    const queued = await auth.sql<{ email: string; purpose: string }>(
      'SELECT email, purpose::text FROM mail_requests WHERE email = ANY($1::text[]) ORDER BY created_at',
      [[member.email, unknown]],
    );
    expect(queued).toEqual([
      { email: member.email, purpose: 'reset_password' },
      { email: unknown, purpose: 'reset_password' },
    ]);
  });

  it('keeps no token in the queue: a row is an address and a purpose', async () => {
    const columns = await auth.sql<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = 'auth' AND table_name = 'mail_requests' ORDER BY column_name",
    );
    expect(columns.map((column) => column.column_name)).toEqual([
      'attempts',
      'created_at',
      'email',
      'id',
      'next_attempt_at',
      'purpose',
    ]);
  });
});
