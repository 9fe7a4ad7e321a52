/**
 * Only the gateway decides a client's address (by TRUST_PROXY) and names it to the services, signed
 * with GATEWAY_SECRET; what a client claims in X-Forwarded-For, through the gateway or straight to a
 * service, does not change the address auth records with a session.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@crucible/platform';
import { startAuthBehindGateway, type AuthBehindGateway } from './testing/auth-behind-gateway.ts';

const GATEWAY_SECRET = randomBytes(32).toString('base64url');
let kit: AuthBehindGateway;
let sql: pg.Pool;
const credentials = { email: `addr-${randomBytes(4).toString('hex')}@example.com`, password: 'long-enough-1' };

async function startGateway(env: Record<string, string>): Promise<string> {
  return (await kit.startGateway({ AUTH_URL: kit.authUrl, ...env })).url;
}

/** Signs in at `baseUrl` with `headers` and returns the address auth recorded with the new session. */
async function recordedAddress(baseUrl: string, headers: Record<string, string>): Promise<string | null> {
  const response = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(credentials),
  });
  expect(response.status).toBe(200);
  const { rows } = await sql.query<{ ip_address: string | null }>(
    `SELECT s.ip_address FROM auth.sessions s JOIN auth.users u ON u.id = s.user_id
      WHERE u.email = $1 ORDER BY s.created_at DESC LIMIT 1`,
    [credentials.email],
  );
  return rows[0]?.ip_address ?? null;
}

beforeAll(async () => {
  kit = await startAuthBehindGateway('address', { gatewaySecret: GATEWAY_SECRET });
  sql = new pg.Pool({ connectionString: kit.database.url, max: 1 });
}, 60_000);

afterAll(async () => {
  await sql?.end();
  await kit?.stop();
});

describe('the client address', () => {
  it('is what the gateway decided, whatever X-Forwarded-For the client sends', async () => {
    // This gateway trusts no proxy in front of it (the test connects from loopback, not 192.0.2.1).
    const untrusting = await startGateway({ TRUST_PROXY: '192.0.2.1' });
    const signup = await fetch(`${untrusting}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, firstName: 'Address', lastName: 'Check' }),
    });
    expect(signup.status).toBe(201);
    expect(await recordedAddress(untrusting, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
    expect(await recordedAddress(untrusting, { [CLIENT_ADDRESS_HEADER]: '203.0.113.9 forged' })).toBe('127.0.0.1');

    // A gateway whose TRUST_PROXY names the proxy in front of it (here loopback) takes the client from it.
    const behindProxy = await startGateway({ TRUST_PROXY: 'loopback' });
    expect(await recordedAddress(behindProxy, { 'x-forwarded-for': '198.51.100.7' })).toBe('198.51.100.7');
  });

  it('is not believed from a client that calls the service directly with a forwarding header', async () => {
    const direct = kit.authUrl;
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { [CLIENT_ADDRESS_HEADER]: '203.0.113.9' },
      { [CLIENT_ADDRESS_HEADER]: `203.0.113.9 ${randomBytes(32).toString('base64url')}` },
    ] as Record<string, string>[])
      expect(await recordedAddress(direct, headers), JSON.stringify(headers)).toBe('127.0.0.1');
  });
});
