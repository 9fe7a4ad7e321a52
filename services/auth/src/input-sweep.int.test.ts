/**
 * No input gives a 500. Every route of auth's contract gets NUL characters, lone
 * surrogates, forged cursors, non-uuid ids, very long text and wrong types in each of its inputs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '@crucible/proto';
import { callsWith, sweepRoutes } from '@crucible/test-kit';
import {
  TEST_PASSWORD,
  startAuthHarness,
  uniqueEmail,
  type AuthHarness,
  type SignedUp,
} from './testing/auth-harness.ts';

const ADMIN_EMAIL = uniqueEmail('sweep-admin');
const ADMIN_PASSWORD = 'the sweep admin passphrase';

let auth: AuthHarness;
let member: SignedUp;
let victim: SignedUp;
let adminToken: string;

beforeAll(async () => {
  auth = await startAuthHarness({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
  adminToken = await auth.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  member = await auth.signUp({ firstName: 'Sweep', lastName: 'Member' });
  // The admin routes' target: they change and finally delete this account, never the member's.
  victim = await auth.signUp({ firstName: 'Sweep', lastName: 'Target' });
});

afterAll(async () => {
  await auth?.stop();
});

describe('the input sweep of auth', () => {
  it('answers every bad input of every route with a 4xx, never a 5xx', async () => {
    const { requests, findings } = await sweepRoutes(authRoutes, {
      baseUrl: auth.url,
      tokenFor: (access) => (access === 'admin' ? adminToken : member.token),
      samples: {
        signUp: {
          body: { email: uniqueEmail('sweep-new'), password: TEST_PASSWORD, firstName: 'New', lastName: 'Member' },
        },
        signIn: { body: { email: member.email, password: TEST_PASSWORD } },
        requestPasswordReset: { body: { email: member.email } },
        resetPassword: { body: { token: 'not-a-real-token', password: TEST_PASSWORD } },
        verifyEmail: { query: { token: 'not-a-real-token' } },
        searchUsers: { query: { q: 'Sweep' } },
        listAdminUsers: { query: { limit: '5', offset: '0', search: 'Sweep' } },
        updateAdminUser: { params: { id: victim.id }, body: { firstName: 'Renamed' } },
        setAccessLevel: { params: { id: victim.id }, body: { accessLevel: 'Journeyman' } },
        adminPasswordReset: { params: { id: victim.id } },
        deleteAdminUser: { params: { id: victim.id } },
      },
    });
    expect(requests).toBeGreaterThan(300);
    expect(findings).toEqual([]);
    // Thousands of requests, each route's sign-in rate limits included: as the other services' sweeps.
  }, 120_000);

  it('refuses a NUL in a sign-up name with a 400 naming the field, and a lone surrogate in an admin name edit', async () => {
    const call = callsWith(auth.request);
    const nul = await call(authRoutes.signUp, {
      body: { email: uniqueEmail('nul'), password: TEST_PASSWORD, firstName: 'A\u0000', lastName: 'B' },
      expect: 400,
    });
    expect(nul).toMatchObject({ message: 'firstName must not contain a NUL character' });

    const surrogate = await call(authRoutes.updateAdminUser, {
      params: { id: member.id },
      body: { lastName: 'B\uD800' },
      token: adminToken,
      expect: 400,
    });
    expect(surrogate).toMatchObject({ message: 'lastName must not contain a lone UTF-16 surrogate' });
  });
});
