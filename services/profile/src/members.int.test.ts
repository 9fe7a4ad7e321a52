/**
 * The member directory (GET /api/members) and the 'Message' flag: what each viewer tier sees of a
 * member follows that member's privacy tiers, and 'Message' follows dm's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC, type AccessLevel, type MemberDirectoryQuery, profileRoutes as routes } from '@crucible/proto';
import { uniqueTag } from '@crucible/test-kit';
import { startProfileHarness, type Member, type ProfileHarness } from './testing/profile-harness.ts';

let h: ProfileHarness;
/** The members dm (answered here in its place) says refuse every sender. */
const refusingMessages = new Set<string>();

beforeAll(async () => {
  h = await startProfileHarness();
  await h.bus.reply(RPC.dmMessageable, async (request) => ({
    messageable: request.recipientIds.filter((id) => !refusingMessages.has(id)),
  }));
}, 150_000);
afterAll(() => h?.stop());

const directory = (viewer: Member, query: Partial<MemberDirectoryQuery>) =>
  h.call(routes.listMembers, { query, token: viewer.token });

describe('the member directory', () => {
  it("shows job title and location only to viewers the member's personal-info and contact tiers admit", async () => {
    const family = `Privet${uniqueTag(6)}`;
    const owner = await h.member('Journeyman', { firstName: 'Orla', lastName: family });
    await h.call(routes.patchProfile, {
      params: { id: owner.id },
      body: { jobTitle: 'Glassblower', currentLocation: 'Murano' },
      token: owner.token,
    });
    await h.call(routes.patchPrivacy, {
      params: { id: owner.id },
      body: { personalInfoVisible: 'Master', contactInfoVisible: 'Core' },
      token: owner.token,
    });
    const seenBy = async (viewer: Member) => {
      const { members } = await directory(viewer, { search: family });
      expect(members.map((member) => member.id)).toEqual([owner.id]);
      const [card] = members;
      return { jobTitle: card?.jobTitle, currentLocation: card?.currentLocation, name: card?.lastName };
    };
    const expected: Record<AccessLevel, [string | null, string | null]> = {
      Public: [null, null],
      Apprentice: [null, null],
      Journeyman: [null, null],
      Master: ['Glassblower', null],
      Core: ['Glassblower', 'Murano'],
      Admin: ['Glassblower', 'Murano'],
    };
    for (const [level, [jobTitle, currentLocation]] of Object.entries(expected)) {
      const viewer = await h.member(level as AccessLevel);
      expect({ level, ...(await seenBy(viewer)) }).toEqual({ level, jobTitle, currentLocation, name: family });
    }
    expect(await seenBy(owner)).toEqual({ jobTitle: 'Glassblower', currentLocation: 'Murano', name: family });
  }, 60_000);

  it('finds members by name, filters by tier and pages in name order', async () => {
    const family = `Pager${uniqueTag(6)}`;
    const viewer = await h.member('Journeyman');
    const names = ['Cleo', 'ada', 'Bram'];
    for (const firstName of names) await h.member('Master', { firstName, lastName: family });
    await h.member('Apprentice', { firstName: 'Dot', lastName: family });

    const masters = await directory(viewer, { search: family.toLowerCase(), tier: 'Master', pageSize: 2 });
    expect(masters.total).toBe(3);
    expect(masters.members.map((member) => member.firstName)).toEqual(['ada', 'Bram']);
    const second = await directory(viewer, { search: family, tier: 'Master', pageSize: 2, page: 2 });
    expect(second.members.map((member) => member.firstName)).toEqual(['Cleo']);
    const everyone = await directory(viewer, { search: `Dot ${family}` });
    expect(everyone.members.map((member) => member.accessLevel)).toEqual(['Apprentice']);
    // A '%' is a letter to find, not a pattern that matches everyone.
    expect((await directory(viewer, { search: '%' })).total).toBe(0);
  });

  it('refuses a bad tier, order or page size with a 400 naming the field', async () => {
    const viewer = await h.member('Journeyman');
    for (const query of ['tier=Wizard', 'sort=random', 'pageSize=500', 'page=0']) {
      const response = await h.request(`/api/members?${query}`, { token: viewer.token });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
  });
});

describe("'Message'", () => {
  it('is offered for members dm would take the message to, never for oneself', async () => {
    const family = `Dm${uniqueTag(6)}`;
    const viewer = await h.member('Journeyman', { firstName: 'Vera', lastName: family });
    const open = await h.member('Master', { firstName: 'Olek', lastName: family });
    const closed = await h.member('Master', { firstName: 'Quen', lastName: family });
    refusingMessages.add(closed.id);

    const { members } = await directory(viewer, { search: family });
    expect(Object.fromEntries(members.map((member) => [member.firstName, member.canMessage]))).toEqual({
      Olek: true,
      Quen: false,
      Vera: false,
    });
    const profileOf = (member: Member) => h.call(routes.getProfile, { params: { id: member.id }, token: viewer.token });
    expect((await profileOf(open)).canMessage).toBe(true);
    expect((await profileOf(closed)).canMessage).toBe(false);
    expect((await profileOf(viewer)).canMessage).toBe(false);
  });
});
