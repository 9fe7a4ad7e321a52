/**
 * No input gives a 500: every route of the profile's contract gets NUL characters, lone surrogates,
 * non-uuid ids, very long text, deep and wide JSON and wrong types in each of its inputs, against a
 * member's own profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileRoutes } from '@crucible/proto';
import { sweepRoutes } from '@crucible/test-kit';
import { startProfileHarness, type Member, type ProfileHarness } from './testing/profile-harness.ts';

let h: ProfileHarness;
let owner: Member;
let admin: Member;

beforeAll(async () => {
  h = await startProfileHarness();
  owner = await h.member('Core', { firstName: 'Sweep', lastName: 'Owner' });
  admin = await h.member('Admin', { firstName: 'Sweep', lastName: 'Admin' });
}, 60_000);
afterAll(() => h?.stop());

describe('the input sweep of profile', () => {
  it('answers every bad input of every route with a 4xx, never a 5xx', async () => {
    const { requests, findings } = await sweepRoutes(profileRoutes, {
      baseUrl: h.url,
      tokenFor: (access) => (access === 'admin' ? admin.token : owner.token),
      defaultParams: { id: owner.id, viewId: owner.id, file: 'missing.png' },
      samples: {
        listMembers: { query: { search: 'Sweep', page: '1', pageSize: '10' } },
        patchProfile: { params: { id: owner.id }, body: { bio: 'Swept' } },
        patchPrivacy: { params: { id: owner.id }, body: { skillsVisible: 'Core' } },
        addSkill: { params: { id: owner.id }, body: { name: 'Facilitation' } },
      },
    });
    expect(requests).toBeGreaterThan(200);
    expect(findings).toEqual([]);
  }, 300_000);
});
