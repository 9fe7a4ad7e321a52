/**
 * Auth's side of a member's data export, with no other service on the bus (the whole export through
 * every service is services/launcher/src/data-export.int.test.ts): an export whose parts nobody
 * answers fails for the member to start again, and the daily limit.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { DATA_EXPORT_MESSAGES, DATA_EXPORTS_PER_DAY } from '@crucible/proto';
import { startAuthHarness, type AuthHarness } from './testing/auth-harness.ts';

let auth: AuthHarness;

beforeAll(async () => {
  auth = await startAuthHarness();
});

afterAll(async () => {
  await auth?.stop();
});

it('fails an export when a service never gives its part, and says to start a new one', async () => {
  const member = await auth.signUp();
  const started = await auth.request('/api/auth/data-exports', { method: 'POST', token: member.token });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await vi.waitFor(
    async () => {
      const response = await auth.request(`/api/auth/data-exports/${id}`, { token: member.token });
      // Auth's own part is gathered; the first service asked (no one answers here) fails it.
      expect(await response.json()).toMatchObject({
        status: 'failed',
        partsDone: 1,
        error: DATA_EXPORT_MESSAGES.failed,
      });
    },
    { timeout: 20_000, interval: 200 },
  );
  const link = await auth.request(`/api/auth/data-exports/${id}/download-link`, {
    method: 'POST',
    token: member.token,
  });
  expect(link.status).toBe(409);
  expect(await link.json()).toMatchObject({ message: DATA_EXPORT_MESSAGES.failed });
});

it(`refuses a ${DATA_EXPORTS_PER_DAY + 1}th export within a day, saying when to come back`, async () => {
  const member = await auth.signUp();
  for (let index = 0; index < DATA_EXPORTS_PER_DAY; index++) {
    await auth.sql(
      `INSERT INTO data_exports (id, user_id, status, parts_total) VALUES (gen_random_uuid(), $1, 'failed', 6)`,
      [member.id],
    );
  }
  const refused = await auth.request('/api/auth/data-exports', { method: 'POST', token: member.token });
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ message: DATA_EXPORT_MESSAGES.tooMany });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
});

it("answers another member's export as not found, and an id that is not one as the same", async () => {
  const owner = await auth.signUp();
  const other = await auth.signUp();
  const { id } = (await (
    await auth.request('/api/auth/data-exports', { method: 'POST', token: owner.token })
  ).json()) as { id: string };
  for (const path of [`/api/auth/data-exports/${id}`, '/api/auth/data-exports/not-an-id']) {
    const response = await auth.request(path, { token: other.token });
    expect(response.status, path).toBe(404);
    expect(await response.json()).toMatchObject({ message: DATA_EXPORT_MESSAGES.notFound });
  }
});
