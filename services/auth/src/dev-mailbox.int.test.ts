/**
 * The dev mailbox (auth without SMTP_URL) holds reset links, so it answers this machine only: judged
 * by the socket and the client the gateway names (signed); an unsigned or malformed name is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, uniqueClientIp, type AuthHarness } from './testing/auth-harness.ts';

let auth: AuthHarness;

beforeAll(async () => {
  auth = await startAuthHarness({ env: { SMTP_URL: undefined } });
});

afterAll(async () => {
  await auth?.stop();
});

// Raw requests throughout: the mailbox is a raw route (an HTML page, or JSON when asked), whose answer
// the contract does not type, and the refusals' text is read as it is.
describe('the dev mailbox', () => {
  it('shows mails to a client on this machine', async () => {
    const member = await auth.signUp({ ip: '127.0.0.1' });
    const response = await auth.request('/api/auth/dev-mailbox', {
      ip: '127.0.0.1',
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const mails = (await response.json()) as { to: string }[];
    expect(mails.map((mail) => mail.to)).toContain(member.email);
  });

  it('refuses anyone else, also one who forges a loopback address in front of its own', async () => {
    for (const ip of [uniqueClientIp(), '192.168.1.7', `127.0.0.1, ${uniqueClientIp()}`]) {
      const response = await auth.request('/api/auth/dev-mailbox', { ip, headers: { accept: 'application/json' } });
      expect(response.status, ip).toBe(403);
      expect(await response.text()).not.toContain('@');
    }
  });
});
