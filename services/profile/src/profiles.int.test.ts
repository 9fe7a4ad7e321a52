import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ACCESS_LEVELS, PROFILE_MESSAGES, SUBJECTS, profileRoutes as routes, type AccessLevel } from '@crucible/proto';
import { NO_REQUEST_META, newEvent, type Caller } from '@crucible/platform';
import { collectEvents } from '@crucible/test-kit';
import { startProfileHarness, type Member, type ProfileHarness } from './testing/profile-harness.ts';
import { saveProfileForm } from './use-cases/profiles.ts';

let h: ProfileHarness;
const members = {} as Record<AccessLevel, Member>;

beforeAll(async () => {
  h = await startProfileHarness();
  for (const level of ACCESS_LEVELS) members[level] = await h.member(level);
}, 150_000);
afterAll(() => h?.stop());

const get = (path: string, viewer: Member) => h.request(path, { token: viewer.token });
const send = (path: string, viewer: Member, method: string, json?: unknown) =>
  h.request(path, { token: viewer.token, method, json: json ?? {} });

/** The one `subject` event about `owner` that their `change` makes the service publish. */
async function eventAfter(subject: string, owner: { id: string }, change: () => Promise<unknown>) {
  const collector = await collectEvents(h.bus, {
    stream: 'PROFILE',
    subjects: [subject],
    keep: (event) => (event.payload as { userId: string }).userId === owner.id,
  });
  try {
    await change();
    const [event] = await collector.waitUntil((events) => events.length === 1);
    return event!;
  } finally {
    await collector.stop();
  }
}

describe('privacy by tier', () => {
  const sections = [
    { setting: 'personalInfoVisible', path: 'profile', message: PROFILE_MESSAGES.profilePrivate },
    { setting: 'workExperienceVisible', path: 'workplaces', message: PROFILE_MESSAGES.workExperiencePrivate },
    { setting: 'educationVisible', path: 'education', message: PROFILE_MESSAGES.educationPrivate },
    { setting: 'skillsVisible', path: 'skills', message: PROFILE_MESSAGES.skillsPrivate },
    { setting: 'leadershipProgressVisible', path: 'leadership-progress', message: PROFILE_MESSAGES.leadershipPrivate },
  ] as const;

  it('serves each section only to viewers at or above its tier (Core means Core and Admin), always to the owner', async () => {
    const owner = await h.member('Journeyman');
    for (const setting of ACCESS_LEVELS.filter((level) => level !== 'Admin')) {
      const patch = Object.fromEntries(sections.map((section) => [section.setting, setting]));
      await h.call(routes.patchPrivacy, { params: { id: owner.id }, body: patch, token: owner.token });
      for (const section of sections) {
        for (const level of ACCESS_LEVELS) {
          const response = await get(`/api/users/${owner.id}/${section.path}`, members[level]);
          const allowed = ACCESS_LEVELS.indexOf(level) >= ACCESS_LEVELS.indexOf(setting);
          expect({ setting, section: section.path, level, status: response.status }).toEqual({
            setting,
            section: section.path,
            level,
            status: allowed ? 200 : 403,
          });
          if (!allowed) expect((await response.json()).message).toBe(section.message);
        }
        expect((await get(`/api/users/${owner.id}/${section.path}`, owner)).status).toBe(200);
      }
    }
  }, 120_000);

  it('hides contact fields below their tier and keeps analytics Core whatever is sent', async () => {
    const owner = await h.member('Master');
    const saved = await h.call(routes.patchPrivacy, {
      params: { id: owner.id },
      body: { contactInfoVisible: 'Master', analyticsVisible: 'Public' },
      token: owner.token,
    });
    expect(saved.analyticsVisible).toBe('Core');
    const low = await h.call(routes.getProfile, { params: { id: owner.id }, token: members.Journeyman.token });
    expect(low).toMatchObject({ email: null, contactInfoHidden: true });
    const high = await h.call(routes.getProfile, { params: { id: owner.id }, token: members.Master.token });
    expect(high.email).toBe(owner.email);
  });

  it('refuses analytics and privacy settings to anyone but the owner (admins read privacy, not analytics)', async () => {
    const owner = await h.member('Apprentice');
    expect((await get(`/api/users/${owner.id}/analytics`, members.Admin)).status).toBe(403);
    expect((await get(`/api/users/${owner.id}/privacy`, members.Core)).status).toBe(403);
    expect((await get(`/api/users/${owner.id}/privacy`, members.Admin)).status).toBe(200);
    expect(
      (await send(`/api/users/${owner.id}/privacy`, members.Admin, 'PATCH', { skillsVisible: 'Core' })).status,
    ).toBe(403);
  });

  it('announces direct-message and online-status switches', async () => {
    const owner = await h.member('Apprentice');
    const event = await eventAfter(SUBJECTS.profileSettingsUpdated, owner, () =>
      h.call(routes.patchPrivacy, {
        params: { id: owner.id },
        body: { allowDirectMessages: false },
        token: owner.token,
      }),
    );
    expect(event.payload).toEqual({
      userId: owner.id,
      allowDirectMessages: false,
      showOnlineStatus: true,
      contactInfoVisible: 'Apprentice',
    });
  });

  it('announces a changed contact-information tier, which other services apply to the e-mail', async () => {
    const owner = await h.member('Apprentice');
    const event = await eventAfter(SUBJECTS.profileSettingsUpdated, owner, () =>
      h.call(routes.patchPrivacy, {
        params: { id: owner.id },
        body: { contactInfoVisible: 'Core' },
        token: owner.token,
      }),
    );
    expect(event.payload).toMatchObject({ userId: owner.id, contactInfoVisible: 'Core' });
  });
});

describe('saving the profile', () => {
  const form = (company: string, loaded: { work: string[]; education: string[] } = { work: [], education: [] }) => ({
    profile: { firstName: 'Ada', lastName: 'Lovelace', bio: 'Engines', jobTitle: 'Analyst' },
    workplaces: {
      loadedIds: loaded.work,
      entries: [{ companyName: company, jobTitle: 'Analyst', startDate: '01/1840', endDate: '' }],
    },
    education: { loadedIds: loaded.education, entries: [{ institution: 'Home', degree: 'Maths', endDate: '1835' }] },
  });
  const idsOf = async (owner: Member, list: 'workplaces' | 'education') =>
    (
      await h.call(list === 'workplaces' ? routes.listWorkplaces : routes.listEducation, {
        params: { id: owner.id },
        token: owner.token,
      })
    ).map((entry) => entry.id);

  it('saves the whole form, and a failure half way leaves the old profile and work history', async () => {
    const owner = await h.member('Apprentice');
    await h.call(routes.saveProfileForm, {
      params: { id: owner.id },
      body: form('Analytical Engine Co'),
      token: owner.token,
    });
    const loaded = { work: await idsOf(owner, 'workplaces'), education: await idsOf(owner, 'education') };
    const caller: Caller = {
      userId: owner.id,
      sessionId: null,
      accessLevel: owner.level,
      isAdmin: false,
      isModerator: false,
      emailVerified: true,
      meta: NO_REQUEST_META,
    };
    await expect(
      saveProfileForm(
        h.context,
        caller,
        owner.id,
        { ...form('Never Saved Ltd', loaded), profile: { bio: 'changed' } },
        {
          afterWorkplaces: async () => {
            throw new Error('injected failure');
          },
        },
      ),
    ).rejects.toThrow('injected failure');
    const work = await h.call(routes.listWorkplaces, { params: { id: owner.id }, token: owner.token });
    expect(work).toEqual([expect.objectContaining({ companyName: 'Analytical Engine Co', isCurrent: true })]);
    const profile = await h.call(routes.getProfile, { params: { id: owner.id }, token: owner.token });
    expect(profile).toMatchObject({ bio: 'Engines', firstName: 'Ada' });
  });

  it('refuses with 409 a replace that does not name the stored list (never loaded, or changed since), keeping it', async () => {
    const owner = await h.member('Journeyman');
    await h.call(routes.saveProfileForm, { params: { id: owner.id }, body: form('Kept Ltd'), token: owner.token });
    const loaded = { work: await idsOf(owner, 'workplaces'), education: await idsOf(owner, 'education') };

    const { loadedIds: _never, ...unloadedWork } = form('Wiped').workplaces;
    const missing = await send(`/api/users/${owner.id}/profile-form`, owner, 'PUT', {
      ...form('Wiped', loaded),
      workplaces: { ...unloadedWork, entries: [] },
    });
    expect(missing.status).toBe(409);
    expect((await missing.json()).message).toBe(PROFILE_MESSAGES.workplacesChanged);
    const staleEducation = await send(`/api/users/${owner.id}/education`, owner, 'PUT', { loadedIds: [], entries: [] });
    expect(staleEducation.status).toBe(409);
    expect((await staleEducation.json()).message).toBe(PROFILE_MESSAGES.educationChanged);

    const replaced = await send(`/api/users/${owner.id}/workplaces`, owner, 'PUT', {
      loadedIds: loaded.work,
      entries: [{ companyName: 'Second Ltd' }],
    });
    expect(replaced.status).toBe(200);
    // The first load is stale now: the same ids no longer name the stored list.
    const stale = await send(`/api/users/${owner.id}/workplaces`, owner, 'PUT', {
      loadedIds: loaded.work,
      entries: [],
    });
    expect(stale.status).toBe(409);
    const work = await h.call(routes.listWorkplaces, { params: { id: owner.id }, token: owner.token });
    expect(work.map((entry) => entry.companyName)).toEqual(['Second Ltd']);
    expect(await idsOf(owner, 'education')).toEqual(loaded.education);
  });

  it("refuses another member's edit and says the fixed text for an overlong field", async () => {
    const owner = await h.member('Apprentice');
    expect((await send(`/api/users/${owner.id}/profile`, members.Core, 'PATCH', { bio: 'x' })).status).toBe(403);
    const tooLong = await send(`/api/users/${owner.id}/profile`, owner, 'PATCH', { careerGoals: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toContain('Career goals must be 2000 characters or less');
  });

  it('sends a name change to auth as profile.identity.changed', async () => {
    const owner = await h.member('Apprentice');
    const event = await eventAfter(SUBJECTS.profileIdentityChanged, owner, () =>
      h.call(routes.patchProfile, { params: { id: owner.id }, body: { firstName: ' Grace ' }, token: owner.token }),
    );
    expect(event.payload).toEqual({ userId: owner.id, firstName: 'Grace' });
  });
});

describe('pictures', () => {
  it('refuses a script renamed .png, and stores a real image as a 256 px square behind a URL', async () => {
    const owner = await h.member('Apprentice');
    const script = Buffer.from('<script>alert(1)</script>').toString('base64');
    const refused = await send(`/api/users/${owner.id}/picture`, owner, 'POST', {
      dataUrl: `data:image/png;base64,${script}`,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(PROFILE_MESSAGES.pictureType);

    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer();
    const saved = await h.call(routes.uploadPicture, {
      params: { id: owner.id },
      body: { dataUrl: `data:image/png;base64,${png.toString('base64')}` },
      token: owner.token,
    });
    const image = await h.request(saved.profileImageUrl!);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
      width: 256,
      height: 256,
      format: 'webp',
    });
  });

  it('refuses a picture of 2 MB or more', async () => {
    const owner = await h.member('Apprentice');
    const big = Buffer.alloc(2 * 1024 * 1024).toString('base64');
    const refused = await send(`/api/users/${owner.id}/picture`, owner, 'POST', {
      dataUrl: `data:image/png;base64,${big}`,
    });
    expect(refused.status).toBe(413);
    expect((await refused.json()).message).toBe(PROFILE_MESSAGES.pictureSize);
  });
});

describe('skills and endorsements', () => {
  it("refuses endorsing one's own skill, a second endorsement, and endorsements turned off", async () => {
    const owner = await h.member('Journeyman');
    const skill = await h.call(routes.addSkill, {
      params: { id: owner.id },
      body: { skillName: 'Alchemy', category: 'Technical', proficiencyLevel: 3 },
      token: owner.token,
    });
    expect((await send(`/api/skills/${skill.id}/endorsements`, owner, 'POST')).status).toBe(403);
    expect((await send(`/api/skills/${skill.id}/endorsements`, members.Master, 'POST')).status).toBe(201);
    const again = await send(`/api/skills/${skill.id}/endorsements`, members.Master, 'POST');
    expect(again.status).toBe(409);
    await h.call(routes.patchPrivacy, {
      params: { id: owner.id },
      body: { allowSkillEndorsements: false },
      token: owner.token,
    });
    const off = await send(`/api/skills/${skill.id}/endorsements`, members.Core, 'POST');
    expect(off.status).toBe(403);
    expect((await off.json()).message).toBe(PROFILE_MESSAGES.endorsementsOff);
  });

  it('counts exactly once per endorser when many endorse at once', async () => {
    const owner = await h.member('Apprentice');
    const skill = await h.call(routes.addSkill, {
      params: { id: owner.id },
      body: { skillName: 'Casting', category: 'Creative' },
      token: owner.token,
    });
    const endorsers = await Promise.all(Array.from({ length: 8 }, () => h.member('Apprentice')));
    const statuses = await Promise.all(
      [...endorsers, ...endorsers].map((endorser) =>
        send(`/api/skills/${skill.id}/endorsements`, endorser, 'POST').then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(8);
    expect(statuses.filter((status) => status === 409)).toHaveLength(8);
    const [listed] = await h.call(routes.listSkills, { params: { id: owner.id }, token: owner.token });
    expect(listed!.endorsementCount).toBe(8);
  });
});

describe('leadership', () => {
  it('computes the overall score and k x (V + I + P) itself', async () => {
    const owner = await h.member('Apprentice');
    const created = await h.call(routes.createLeadership, {
      params: { id: owner.id },
      body: { visionScore: 50, integrityScore: 60, passionScore: 75, leadershipCoefficient: 1.5, overallScore: 99 },
      token: owner.token,
    });
    expect(created).toMatchObject({ overallScore: 62, leadershipScore: 277.5, leadershipCoefficient: 1.5 });
    expect((await send(`/api/users/${owner.id}/leadership-progress`, owner, 'POST', created)).status).toBe(409);
  });
});

describe('activity', () => {
  it('counts forum events once, even when an event is delivered again', async () => {
    const author = await h.member('Apprentice');
    const discussion = newEvent(SUBJECTS.forumDiscussionCreated, {
      discussionId: crypto.randomUUID(),
      title: 't',
      category: 'Apprentice',
      accessLevel: 'Apprentice',
      subcategoryId: null,
      discussionType: 'discussion',
      authorId: author.id,
      createdAt: new Date().toISOString(),
    });
    await h.bus.publish(discussion);
    await h.bus.publish(discussion);
    await h.bus.publish(
      newEvent(SUBJECTS.forumReplyCreated, {
        replyId: crypto.randomUUID(),
        discussionId: discussion.payload.discussionId,
        discussionTitle: 't',
        accessLevel: 'Apprentice',
        authorId: author.id,
        authorName: 'Test',
        discussionAuthorId: author.id,
        notifyUserIds: [],
        excerpt: 'x',
        createdAt: new Date().toISOString(),
      }),
    );
    const deadline = Date.now() + 15_000;
    let stats;
    do {
      stats = await h.call(routes.getStats, { params: { id: author.id }, token: author.token });
      if (Date.now() > deadline) throw new Error('the reply event was never counted');
    } while (stats.repliesPosted === 0);
    expect(stats).toMatchObject({ discussionsCreated: 1, repliesPosted: 1, totalPoints: 15, rank: 'Novice' });
  });

  it("records others' views (not the owner's own) and shows the owner 30 days of analytics", async () => {
    const owner = await h.member('Apprentice');
    const recordView = (viewer: Member) =>
      h.call(routes.recordView, { params: { id: owner.id }, body: {}, token: viewer.token });
    expect(await recordView(owner)).toEqual({ id: null });
    const view = await recordView(members.Core);
    await recordView(members.Core);
    await h.call(routes.recordViewTime, {
      params: { id: owner.id, viewId: view.id! },
      body: { timeSpent: 30 },
      token: members.Core.token,
    });
    const analytics = await h.call(routes.getAnalytics, { params: { id: owner.id }, token: owner.token });
    expect(analytics.stats).toEqual({ totalViews: 2, uniqueViewers: 1, avgTimeSpent: 15 });
    expect(analytics.viewsPerDay).toHaveLength(30);
    expect(analytics.viewsPerDay.at(-1)!.views).toBe(2);
  });

  it('keeps the Activity Feed tier chosen in Privacy and answers stats only at or above it (and the profile tier)', async () => {
    const owner = await h.member('Apprentice');
    const saved = await h.call(routes.patchPrivacy, {
      params: { id: owner.id },
      body: { activityFeedVisible: 'Master' },
      token: owner.token,
    });
    expect(saved.activityFeedVisible).toBe('Master');
    const reloaded = await h.call(routes.getPrivacy, { params: { id: owner.id }, token: owner.token });
    expect(reloaded.activityFeedVisible).toBe('Master');
    for (const level of ACCESS_LEVELS) {
      const status = (await get(`/api/users/${owner.id}/stats`, members[level])).status;
      expect({ level, status }).toEqual({ level, status: ACCESS_LEVELS.indexOf(level) >= 3 ? 200 : 403 });
    }
    const refused = await get(`/api/users/${owner.id}/stats`, members.Journeyman);
    expect((await refused.json()).message).toBe(PROFILE_MESSAGES.activityPrivate);
    expect((await get(`/api/users/${owner.id}/stats`, owner)).status).toBe(200);

    // A viewer refused the profile is refused its stats too, whatever the feed's tier.
    await h.call(routes.patchPrivacy, {
      params: { id: owner.id },
      body: { activityFeedVisible: 'Public', personalInfoVisible: 'Core' },
      token: owner.token,
    });
    expect((await get(`/api/users/${owner.id}/stats`, members.Master)).status).toBe(403);
    expect((await get(`/api/users/${owner.id}/stats`, members.Core)).status).toBe(200);
  });

  it('records a view only from a viewer who may see the profile', async () => {
    const owner = await h.member('Journeyman');
    await h.call(routes.patchPrivacy, {
      params: { id: owner.id },
      body: { personalInfoVisible: 'Master' },
      token: owner.token,
    });
    const recordView = (viewer: Member) =>
      h.call(routes.recordView, { params: { id: owner.id }, body: {}, token: viewer.token });
    const refused = await recordView(members.Apprentice);
    expect(refused.id).toBeNull();
    const seen = await recordView(members.Master);
    expect(seen.id).not.toBeNull();
    const analytics = await h.call(routes.getAnalytics, { params: { id: owner.id }, token: owner.token });
    expect(analytics.stats.totalViews).toBe(1);
  });
});
