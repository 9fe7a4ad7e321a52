import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { STILL_LOADING, stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';

const onlineMembers = Array.from({ length: 11 }, (_, index) => ({
  id: `online-${index}`,
  email: `m${index}@example.com`,
  firstName: `Member${index}`,
  accessLevel: 'Apprentice',
  profileImageUrl: index === 0 ? '/api/profile-pictures/m0.webp' : null,
}));

function baseRoutes(member = aMember()) {
  return {
    'GET /api/auth/user': () => ({ status: 200, body: member }),
    'GET /api/users/online': () => ({ status: 200, body: onlineMembers }),
    'GET /api/users/count': () => ({ status: 200, body: { count: 42 } }),
    'GET /api/discussions': () => ({ status: 200, body: [] }),
    'GET /api/direct-messages/conversations': () => ({ status: 200, body: [] }),
  };
}

// The route loads the page lazily; importing it first keeps that out of the tests' waits.
beforeAll(() => import('./DashboardPage.tsx'));

describe('the dashboard', () => {
  it("greets the member and lists eight online members with their pictures, then '+3 more online'", async () => {
    stubApi(baseRoutes());
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Members online' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    // The first has a picture, the others their initial.
    expect(within(list).getAllByRole('listitem')[0]!.querySelector('img')?.getAttribute('src')).toBe(
      '/api/profile-pictures/m0.webp',
    );
    expect(within(within(list).getAllByRole('listitem')[1]!).getByText('M')).toBeTruthy();
    expect(screen.getByText('+3 more online')).toBeTruthy();
    // Name and picture both lead to the member's profile.
    expect(within(list).getByRole('link', { name: 'Member0' }).getAttribute('href')).toBe('/profile/online-0');
    expect(within(list).getByRole('link', { name: "Member0's profile" }).getAttribute('href')).toBe(
      '/profile/online-0',
    );
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send Your First Message' }).getAttribute('href')).toBe('/messages');
    expect(screen.queryByText('Core Projects')).toBeNull();
  });

  it('previews recent discussions as plain text, not markdown', async () => {
    stubApi({
      ...baseRoutes(),
      'GET /api/discussions': () => ({
        status: 200,
        body: [
          {
            id: 'd1',
            title: 'Retrospectives',
            content: 'Share **why** it works:\n\n- Start, stop, continue\n- [Sailboat](https://example.com)',
            category: 'Apprentice',
            accessLevel: 'Apprentice',
            createdAt: '2026-11-20T10:00:00Z',
          },
        ],
      }),
    });
    renderApp('/');
    expect(await screen.findByText('Share why it works: Start, stop, continue Sailboat')).toBeTruthy();
  });

  it('shows a failed card with a retry that loads it again', async () => {
    let countFails = true;
    stubApi({
      ...baseRoutes(),
      'GET /api/users/count': () =>
        countFails ? { status: 500, body: { statusCode: 500, message: 'boom' } } : { status: 200, body: { count: 7 } },
    });
    renderApp('/');
    expect(await screen.findByText('Could not load community stats.')).toBeTruthy();
    countFails = false;
    const stats = screen.getByRole('region', { name: 'Community Stats' });
    await userEvent.click(within(stats).getByRole('button', { name: 'Retry' }));
    expect(await within(stats).findByText('7')).toBeTruthy();
  });

  it('gives Core members the Core Projects stat, their task card and the storage meter with one decimal', async () => {
    stubApi({
      ...baseRoutes(aMember({ accessLevel: 'Core' })),
      'GET /api/projects': () => ({ status: 200, body: [{ id: 'p1' }, { id: 'p2' }] }),
      'GET /api/direct-messages/quota': () => ({ status: 200, body: { usedBytes: 1, maxBytes: 3 } }),
      'GET /api/direct-messages/conversations': () => ({
        status: 200,
        body: [
          {
            otherUser: { id: 'u2', firstName: 'Grace', lastName: 'Hopper', email: 'g@example.com' },
            lastMessage: { content: 'y'.repeat(120), createdAt: '2026-01-01T00:00:00Z' },
            unreadCount: 0,
          },
        ],
      }),
    });
    renderApp('/');
    expect(await screen.findByText('Core Projects')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'My Project Tasks' })).toBeTruthy();
    expect((await screen.findByTestId('storage-percent')).textContent).toBe('33.3%');
    expect(screen.getByText(`${'y'.repeat(100)}...`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Messages' })).toBeTruthy();
  });

  it('shows each loading card as a busy skeleton named after the card', async () => {
    stubApi({ ...baseRoutes(), 'GET /api/discussions': () => STILL_LOADING });
    renderApp('/');
    const discussions = await screen.findByRole('region', { name: 'Recent Discussions' });
    const loading = within(discussions).getByRole('status', { name: 'Loading Recent Discussions' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
  });

  it('tells a new Public member what to do next, and Complete Your Profile leads to the edit screen', async () => {
    stubApi(baseRoutes(aMember({ accessLevel: 'Public' })));
    const { router } = renderApp('/');
    const start = await screen.findByRole('region', { name: 'Getting Started' });
    expect(within(start).getByRole('link', { name: 'Send a Message' }).getAttribute('href')).toBe('/messages');
    await userEvent.click(within(start).getByRole('link', { name: 'Complete Your Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/user-1/edit'));
  });

  it('keeps Getting Started from members with a level', async () => {
    stubApi(baseRoutes());
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Getting Started' })).toBeNull();
  });

  it('offers Start a Discussion in an empty Recent Discussions card', async () => {
    stubApi(baseRoutes());
    renderApp('/');
    const discussions = await screen.findByRole('region', { name: 'Recent Discussions' });
    expect(await within(discussions).findByText('No discussions yet.')).toBeTruthy();
    expect(within(discussions).getByRole('link', { name: 'Start a Discussion' }).getAttribute('href')).toBe('/forums');
  });
});
