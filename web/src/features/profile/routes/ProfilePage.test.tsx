import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STILL_LOADING, stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';
import type { LeadershipProgress, Profile, Skill, UserStats } from '@crucible/proto';

type Routes = Parameters<typeof stubApi>[0];

const owner = aMember({ id: 'owner-1', firstName: 'Ada', lastName: 'Lovelace' });
const visitor = aMember({ id: 'visitor-1', firstName: 'Grace', lastName: 'Hopper', accessLevel: 'Public' });

const profile: Profile = {
  id: owner.id,
  email: 'ada@example.com',
  joinedAt: '2026-01-01T00:00:00Z',
  accessLevel: 'Apprentice',
  profileImageUrl: null,
  alchemicalSymbols: [],
  certificationLevels: [],
  firstName: 'Ada',
  lastName: 'Lovelace',
  preferredName: null,
  jobTitle: 'Engineer',
  birthday: null,
  phoneNumber: null,
  currentLocation: null,
  preferredContactMethod: null,
  bio: 'Analytical engines',
  personalMission: null,
  leadershipPhilosophy: null,
  personalStory: 'A story',
  professionalJourney: null,
  leadershipExperience: null,
  crucibleConnection: null,
  leadershipJourney: null,
  careerGoals: null,
  picture: null,
  isAdmin: false,
  dateProfileUpdated: null,
  contactInfoHidden: false,
  canEdit: false,
  canMessage: false,
};
const skill: Skill = {
  id: 'skill-1',
  skillName: 'Mathematics',
  proficiencyLevel: 4,
  alchemicalSymbol: '⭐',
  category: 'Technical',
  yearsExperience: 10,
  description: null,
  isVerified: false,
  endorsementCount: 2,
  userId: owner.id,
  endorsedByViewer: false,
};
const leadership: LeadershipProgress = {
  visionScore: 80,
  integrityScore: 70,
  passionScore: 65,
  leadershipCoefficient: 1.5,
  overallScore: 72,
  lastAssessmentDate: null,
  id: 'leadership-1',
  userId: owner.id,
  leadershipScore: 0,
  currentPhase: '',
  nextMilestone: null,
};
const stats: UserStats = {
  discussionsCreated: 3,
  repliesPosted: 5,
  upvotesReceived: 8,
  totalPoints: 1600,
  rank: 'Apprentice',
  lastActivity: null,
  userId: owner.id,
  engagementLevel: '',
  engagementPercent: 0,
};
const ok = (body: unknown) => () => ({ status: 200, body });
const denied = () => ({ status: 403, body: { statusCode: 403, message: 'Access denied' } });
const base = `/api/users/${owner.id}`;

function viewingAs(viewer: typeof owner, routes: Routes = {}) {
  return stubApi({
    'GET /api/auth/user': ok(viewer),
    'GET /api/direct-messages/unread-count': ok({ count: 0 }),
    [`GET ${base}/profile`]: ok(profile),
    [`GET ${base}/workplaces`]: ok([
      {
        id: 'w1',
        companyName: 'Babbage & Co',
        jobTitle: 'Analyst',
        startDate: '1840',
        endDate: null,
        isCurrent: true,
        description: null,
        location: null,
      },
    ]),
    [`GET ${base}/education`]: ok([]),
    [`GET ${base}/leadership-progress`]: ok(leadership),
    [`GET ${base}/skills`]: ok([skill]),
    [`GET ${base}/stats`]: ok(stats),
    [`GET ${base}/analytics`]: ok({
      stats: { totalViews: 12, uniqueViewers: 4, avgTimeSpent: 30 },
      viewsPerDay: [
        { date: '2026-11-21', views: 5 },
        { date: '2026-11-22', views: 7 },
      ],
    }),
    [`GET ${base}/watched`]: ok([
      { id: 'd1', title: 'First', watchedAt: '2026-11-01' },
      { id: 'd2', title: 'Second', watchedAt: '2026-11-01' },
      { id: 'd3', title: 'Third', watchedAt: '2026-11-01' },
      { id: 'd4', title: 'Fourth', watchedAt: '2026-11-01' },
    ]),
    'GET /api/direct-messages/conversations': ok([]),
    [`POST ${base}/views`]: () => ({ status: 201, body: { id: 'view-1' } }),
    [`PATCH ${base}/views/view-1`]: () => ({ status: 204 }),
    ...routes,
  });
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path,
  );

// A whole MUI page renders slowly in jsdom on a shared machine.
vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('profile page, own profile', () => {
  it('shows completeness with its weight and colour, the formula, watched (first 3) and analytics', async () => {
    const fetchMock = viewingAs(owner);
    renderApp(`/profile/${owner.id}`);

    // first + last name, job title (1 each), work history 2, bio 1, personal story 1.5 = 7.5 of 22.5.
    const percent = await screen.findByTestId('completeness-percent');
    expect(percent.textContent).toContain('33% complete');
    expect(percent.getAttribute('data-colour')).toBe('error');

    expect((await screen.findByTestId('leadership-formula')).textContent).toContain(
      'L = k × (V + I + P) = 1.5 × (80 + 70 + 65) = 322.5',
    );
    expect(screen.getByText('Overall score: 72')).toBeTruthy();

    const watched = screen.getByRole('region', { name: 'Watched Forums' });
    expect((await within(watched).findByRole('link', { name: 'First' })).getAttribute('href')).toBe(
      '/forums?discussion=d1',
    );
    expect(within(watched).queryByText('Fourth')).toBeNull();

    expect(await screen.findByText('12 views · 4 unique viewers · 30s average time spent')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile views per day, last 2 days' })).toBeTruthy();
    expect(screen.getByTestId('engagement-level').textContent).toContain('Engagement: Active');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Endorse' })).toBeNull();
    expect(callsTo(fetchMock, 'GET', `${base}/analytics`)).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST', `${base}/views`)).toHaveLength(0);
  });

  it('offers Retry on a failed watched panel', async () => {
    let fail = true;
    viewingAs(owner, {
      [`GET ${base}/watched`]: () => (fail ? { status: 500, body: { message: 'boom' } } : { status: 200, body: [] }),
    });
    renderApp(`/profile/${owner.id}`);
    const watched = await screen.findByRole('region', { name: 'Watched Forums' });
    const retry = await within(watched).findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(await within(watched).findByText('You are not watching any discussions')).toBeTruthy();
  });

  it('saves the leadership tracker and returns to view mode', async () => {
    const fetchMock = viewingAs(owner, { [`PATCH ${base}/leadership-progress`]: ok(leadership) });
    renderApp(`/profile/${owner.id}`);
    const tracker = await screen.findByRole('region', { name: /Leadership Development Tracker/ });
    await userEvent.click(await within(tracker).findByRole('button', { name: 'Edit' }));
    await userEvent.click(within(tracker).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(tracker).getByTestId('leadership-formula')).toBeTruthy());
    const [call] = callsTo(fetchMock, 'PATCH', `${base}/leadership-progress`);
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      visionScore: 80,
      leadershipCoefficient: 1.5,
      overallScore: 72,
    });
  });

  it('refuses a skill without a name', async () => {
    const fetchMock = viewingAs(owner);
    renderApp(`/profile/${owner.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Skill' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Skill' }));
    expect(within(dialog).getByText('Skill name is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `${base}/skills`)).toHaveLength(0);
  });
});

describe('profile page, loading and empty', () => {
  it('shows a busy profile-shaped skeleton while the profile loads', async () => {
    viewingAs(owner, { [`GET ${base}/profile`]: () => STILL_LOADING });
    renderApp(`/profile/${owner.id}`);
    const loading = await screen.findByRole('status', { name: 'Loading profile' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
  });

  it('offers Add Your First Skill on an empty skills card of one’s own, which opens the dialog', async () => {
    viewingAs(owner, { [`GET ${base}/skills`]: ok([]) });
    renderApp(`/profile/${owner.id}`);
    const skills = await screen.findByRole('region', { name: 'Skills & Expertise' });
    expect(await within(skills).findByText('No skills added yet')).toBeTruthy();
    await userEvent.click(within(skills).getByRole('button', { name: 'Add Your First Skill' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('offers Add Education on one’s own empty education, opening the Education tab of Edit Profile', async () => {
    viewingAs(owner);
    const { router } = renderApp(`/profile/${owner.id}`);
    const position = await screen.findByRole('region', { name: 'Current Position / Education' });
    expect(await within(position).findByText('No education added yet')).toBeTruthy();
    await userEvent.click(within(position).getByRole('link', { name: 'Add Education' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${owner.id}/edit`));
    expect(router.state.location.search).toBe('?tab=Education');
    expect((await screen.findByRole('tab', { name: 'Education' })).getAttribute('aria-selected')).toBe('true');
  });
});

describe('profile page, another member', () => {
  it('shows the private states to a lower tier and nothing owner-only', async () => {
    const fetchMock = viewingAs(visitor, {
      [`GET ${base}/skills`]: denied,
      [`GET ${base}/leadership-progress`]: denied,
      [`GET ${base}/workplaces`]: denied,
      [`GET ${base}/education`]: denied,
    });
    renderApp(`/profile/${owner.id}`);
    expect(await screen.findByText('Skills and expertise are private')).toBeTruthy();
    expect(await screen.findByText('Leadership progress is private')).toBeTruthy();
    expect(await screen.findByText('Work experience is private')).toBeTruthy();
    expect(await screen.findByText('Education is private')).toBeTruthy();
    expect(screen.queryByText('Profile Completeness')).toBeNull();
    expect(screen.queryByText('Recent Notifications')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
    expect(callsTo(fetchMock, 'GET', `${base}/analytics`)).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', `${base}/watched`)).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', `${base}/views`)).toHaveLength(1);
  });

  it("offers 'Message' opening the conversation only when the service says the member takes the viewer's messages", async () => {
    viewingAs(visitor, { [`GET ${base}/profile`]: ok({ ...profile, canMessage: true }) });
    const { unmount } = renderApp(`/profile/${owner.id}`);
    const message = await screen.findByRole('link', { name: 'Message Ada Lovelace' });
    expect(message.getAttribute('href')).toBe(`/messages?with=${owner.id}`);
    unmount();

    viewingAs(visitor, { [`GET ${base}/profile`]: ok({ ...profile, canMessage: false }) });
    renderApp(`/profile/${owner.id}`);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Message Ada Lovelace' })).toBeNull();
  });

  it('endorses a skill', async () => {
    const fetchMock = viewingAs(visitor, {
      'POST /api/skills/skill-1/endorsements': () => ({ status: 201, body: {} }),
    });
    renderApp(`/profile/${owner.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Endorse' }));
    expect(await screen.findByText('Skill endorsed')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/skills/skill-1/endorsements')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows the service refusal when endorsing fails', async () => {
    viewingAs(visitor, {
      'POST /api/skills/skill-1/endorsements': () => ({
        status: 409,
        body: { message: 'You already endorsed this skill' },
      }),
    });
    renderApp(`/profile/${owner.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Endorse' }));
    expect(await screen.findByText('You already endorsed this skill')).toBeTruthy();
  });

  it("says 'Profile Not Found' with Return Home for a missing member", async () => {
    viewingAs(visitor);
    renderApp('/profile/nobody');
    expect(await screen.findByText('Profile Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it("says 'Error Loading Profile' with Try Again after the retries fail", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = viewingAs(visitor, {
        [`GET ${base}/profile`]: () => ({ status: 500, body: { message: 'x' } }),
      });
      renderApp(`/profile/${owner.id}`);
      await waitFor(() => expect(callsTo(fetchMock, 'GET', `${base}/profile`)).toHaveLength(1));
      for (let attempt = 0; attempt < 3; attempt += 1) await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByText('Error Loading Profile')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Return Home' })).toBeTruthy();
      expect(callsTo(fetchMock, 'GET', `${base}/profile`)).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
