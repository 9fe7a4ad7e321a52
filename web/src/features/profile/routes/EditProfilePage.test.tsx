import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STILL_LOADING, stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';
import { PROFILE_MESSAGES } from '@crucible/proto';
import type { Profile } from '@crucible/proto';
import type { ProfileFormDraft as ProfileFormSave } from '../api/save-profile-form.ts';

type Routes = Parameters<typeof stubApi>[0];

// A whole MUI page renders slowly in jsdom on a shared machine.
vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 5000 });

const owner = aMember({ id: 'owner-1', firstName: 'Ada', lastName: 'Lovelace' });
const base = `/api/users/${owner.id}`;
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
  jobTitle: null,
  birthday: null,
  phoneNumber: null,
  currentLocation: null,
  preferredContactMethod: null,
  bio: null,
  personalMission: null,
  leadershipPhilosophy: null,
  personalStory: null,
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
const ok = (body: unknown) => () => ({ status: 200, body });

function editing(routes: Routes = {}) {
  return stubApi({
    'GET /api/auth/user': ok(owner),
    'GET /api/direct-messages/unread-count': ok({ count: 0 }),
    [`GET ${base}/profile`]: ok(profile),
    [`GET ${base}/workplaces`]: ok([]),
    [`GET ${base}/education`]: ok([]),
    [`GET ${base}/privacy`]: ok({
      personalInfoVisible: 'Public',
      skillsVisible: 'Public',
      leadershipProgressVisible: 'Apprentice',
      contactInfoVisible: 'Apprentice',
      allowDirectMessages: true,
      allowSkillEndorsements: true,
      showOnlineStatus: true,
      allowMentorshipRequests: true,
      allowAnalyticsTracking: true,
    }),
    ...routes,
  });
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path,
  );
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

describe('edit profile page', () => {
  it('shows the seven tabs, the empty texts and both ways back', async () => {
    editing();
    renderApp(`/profile/${owner.id}/edit`);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Personal',
      'Contact',
      'Experience',
      'Education',
      'Bio & Mission',
      'Story',
      'Privacy',
    ]);
    expect(screen.getByText('MM/DD or MM/DD/YYYY')).toBeTruthy();
    await openTab('Experience');
    expect(screen.getByText('No work experience added yet')).toBeTruthy();
    await openTab('Education');
    expect(screen.getByText('No education added yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Profile' }).getAttribute('href')).toBe(`/profile/${owner.id}`);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(`/profile/${owner.id}`);
  });

  it('refuses a bio over 1000 characters with the fixed text and sends nothing', async () => {
    const fetchMock = editing();
    renderApp(`/profile/${owner.id}/edit`);
    await openTab('Bio & Mission');
    fireEvent.change(screen.getByRole('textbox', { name: 'Bio' }), { target: { value: 'x'.repeat(1001) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Bio must be 1000 characters or less')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', `${base}/profile-form`)).toHaveLength(0);
  });

  it('refuses a file that is not an image, and an image of 2 MB', async () => {
    editing();
    renderApp(`/profile/${owner.id}/edit`);
    const input = await screen.findByTestId('picture-input');
    fireEvent.change(input, { target: { files: [new File(['#!/bin/sh'], 'evil.sh', { type: 'text/x-sh' })] } });
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please select an image file (JPG, PNG, GIF, etc.)')).toBeTruthy();
    const big = new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('Please select an image smaller than 2MB')).toBeTruthy();
  });

  it("saves the whole form in one call, shows 'Saving...', toasts and returns to the profile", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = editing({
      [`PUT ${base}/profile-form`]: ok({}),
      [`POST ${base}/picture`]: ok({ profileImageUrl: '/api/profile-pictures/a.webp', picture: null }),
    });
    const stubbed = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') await gate;
      return stubbed(input, init);
    });
    const { router } = renderApp(`/profile/${owner.id}/edit`);

    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(await screen.findByTestId('picture-input'), { target: { files: [picture] } });
    await screen.findByRole('button', { name: 'Remove Picture' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Preferred name' }), { target: { value: 'Countess' } });
    await openTab('Experience');
    await userEvent.click(screen.getByRole('button', { name: 'Add Experience' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Experience' }));
    const first = screen.getByRole('group', { name: 'Experience 1' });
    fireEvent.change(within(first).getByRole('textbox', { name: /Company name/ }), {
      target: { value: 'Babbage & Co' },
    });
    await openTab('Education');
    await userEvent.click(screen.getByRole('button', { name: 'Add Education' }));
    const school = screen.getByRole('group', { name: 'Education 1' });
    fireEvent.change(within(school).getByRole('textbox', { name: /Institution/ }), { target: { value: 'Home' } });
    fireEvent.change(within(school).getByRole('textbox', { name: 'End date' }), { target: { value: '1833' } });

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    release();
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(screen.getByText('Your profile has been updated successfully.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${owner.id}`));

    const saved = bodyOf(callsTo(fetchMock, 'PUT', `${base}/profile-form`)[0]) as ProfileFormSave;
    expect(saved.profile.preferredName).toBe('Countess');
    expect(saved.profile.bio).toBeNull();
    // The picture goes through its own call (the form's patch does not carry it).
    expect('picture' in saved.profile).toBe(false);
    const [upload] = callsTo(fetchMock, 'POST', `${base}/picture`);
    expect((bodyOf(upload) as { dataUrl: string }).dataUrl).toMatch(/^data:image\/png;base64,/);
    // The blank second entry is skipped; no end date means current.
    // Each list names what it replaces: the (empty) lists this page loaded.
    expect(saved.workplaces).toEqual({
      loadedIds: [],
      entries: [expect.objectContaining({ companyName: 'Babbage & Co', endDate: null, isCurrent: true })],
    });
    expect(saved.education).toEqual({
      loadedIds: [],
      entries: [expect.objectContaining({ institution: 'Home', endDate: '1833', isOngoing: false })],
    });
  });

  it('shows a list that failed to load with Retry, saves nothing until it loads, then names the loaded ids', async () => {
    let educationFails = true;
    const stored = [
      {
        id: 'edu-1',
        institution: 'Home',
        degree: null,
        fieldOfStudy: null,
        startDate: null,
        endDate: null,
        isOngoing: true,
        description: null,
        location: null,
      },
    ];
    const fetchMock = editing({
      [`GET ${base}/education`]: () =>
        educationFails ? { status: 500, body: { message: 'down' } } : { status: 200, body: stored },
      [`PUT ${base}/profile-form`]: ok({}),
    });
    renderApp(`/profile/${owner.id}/edit`);
    await openTab('Education');
    expect(
      await screen.findByText('Your education could not be loaded. Saving is disabled until it loads.'),
    ).toBeTruthy();
    expect(screen.queryByText('No education added yet')).toBeNull();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Saving is disabled until your education loads.')).toBeTruthy();

    educationFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Education 1' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Changes' }).hasAttribute('disabled')).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `${base}/profile-form`)).toHaveLength(1));
    const saved = bodyOf(callsTo(fetchMock, 'PUT', `${base}/profile-form`)[0]) as ProfileFormSave;
    expect(saved.education.loadedIds).toEqual(['edu-1']);
    expect(saved.education.entries).toEqual([expect.objectContaining({ institution: 'Home' })]);
  });

  it("shows the server's reason when a list changed since the page loaded it (409)", async () => {
    editing({
      [`PUT ${base}/profile-form`]: () => ({ status: 409, body: { message: PROFILE_MESSAGES.workplacesChanged } }),
    });
    renderApp(`/profile/${owner.id}/edit`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_MESSAGES.workplacesChanged)).toBeTruthy();
  });

  it('toasts the failure and stays on the form', async () => {
    editing({ [`PUT ${base}/profile-form`]: () => ({ status: 500, body: { message: 'boom' } }) });
    const { router } = renderApp(`/profile/${owner.id}/edit`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error updating profile')).toBeTruthy();
    expect(screen.getByText('Failed to update profile. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/profile/${owner.id}/edit`);
  });

  it('saves privacy with the form-to-server mapping, and shows the legend', async () => {
    const fetchMock = editing({ [`PATCH ${base}/privacy`]: ok({}) });
    renderApp(`/profile/${owner.id}/edit`);
    await openTab('Privacy');
    expect(await screen.findByText('Privacy & Visibility Settings')).toBeTruthy();
    expect(screen.getByText('Core/Admin = Core/Admin only')).toBeTruthy();
    expect(screen.getByText('Apprentice = Apprentice and above')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Direct Messages' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Privacy Settings' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', `${base}/privacy`)).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PATCH', `${base}/privacy`)[0])).toEqual({
      personalInfoVisible: 'Public',
      skillsVisible: 'Public',
      leadershipProgressVisible: 'Apprentice',
      contactInfoVisible: 'Apprentice',
      workExperienceVisible: 'Public',
      educationVisible: 'Public',
      analyticsVisible: 'Core',
      activityFeedVisible: 'Apprentice',
      allowDirectMessages: false,
      allowSkillEndorsements: true,
      showOnlineStatus: true,
      allowMentorshipRequests: true,
      allowAnalyticsTracking: true,
    });
  });

  it("says 'Profile not found' when the member does not exist", async () => {
    editing({ 'GET /api/auth/user': ok(aMember({ id: 'nobody' })) });
    renderApp('/profile/nobody/edit');
    expect(await screen.findByText('Profile not found')).toBeTruthy();
  });

  it("refuses another member's edit page: 'You can only edit your own profile', no form", async () => {
    editing();
    renderApp('/profile/someone-else/edit');
    expect(await screen.findByText('You can only edit your own profile')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it("names its loading skeleton 'Loading profile...'", async () => {
    editing({ [`GET ${base}/profile`]: () => STILL_LOADING });
    renderApp(`/profile/${owner.id}/edit`);
    const loading = await screen.findByRole('status', { name: 'Loading profile...' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
