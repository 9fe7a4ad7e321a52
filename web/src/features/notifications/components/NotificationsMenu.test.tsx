import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { STILL_LOADING, stubApi } from '../../../test/fake-api.ts';
import type { Notification } from '@crucible/proto';
import { NotificationsMenu } from './NotificationsMenu.tsx';

function notifications(count: number, read = false): Notification[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `n${index + 1}`,
    title: `Notification ${index + 1}`,
    message: 'Something happened',
    isRead: read,
    createdAt: '2025-06-01T10:00:00Z',
  }));
}

function renderMenu() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<NotificationsMenu />} />
          <Route path="/forums/discussions/:id" element={<h1>Discussion page</h1>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('menu');
}

describe('NotificationsMenu', () => {
  it('stays usable when the notifications service does not answer', async () => {
    const fetchMock = stubApi({});
    renderMenu();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const menu = await openMenu();
    expect(within(menu).getByText('No notifications')).toBeTruthy();
  });

  it('shows a busy skeleton, not an empty list, while the notifications load', async () => {
    stubApi({ 'GET /api/notifications': () => STILL_LOADING });
    renderMenu();
    const menu = await openMenu();
    expect(within(menu).getByRole('status', { name: 'Loading notifications' }).getAttribute('aria-busy')).toBe('true');
    expect(within(menu).queryByText('No notifications')).toBeNull();
  });

  it('lists the first 10, says how many exist and counts the unread', async () => {
    stubApi({
      'GET /api/notifications': () => ({ status: 200, body: notifications(12) }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 12 } }),
    });
    renderMenu();
    await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    const menu = await openMenu();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(10);
    expect(within(menu).getByText('Showing 10 of 12')).toBeTruthy();
  });

  it('marks a clicked notification read', async () => {
    const fetchMock = stubApi({
      'GET /api/notifications': () => ({ status: 200, body: notifications(1) }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 1 } }),
      'PUT /api/notifications/n1/read': () => ({ status: 200, body: {} }),
    });
    renderMenu();
    const menu = await openMenu();
    await userEvent.click(await within(menu).findByText('Notification 1'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === '/api/notifications/n1/read' && init?.method === 'PUT'),
      ).toBe(true),
    );
  });

  it('opens what a clicked notification is about', async () => {
    stubApi({
      'GET /api/notifications': () => ({
        status: 200,
        body: [{ ...notifications(1)[0], link: '/forums/discussions/d7' }],
      }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 1 } }),
      'PUT /api/notifications/n1/read': () => ({ status: 200, body: {} }),
    });
    renderMenu();
    const menu = await openMenu();
    await userEvent.click(await within(menu).findByText('Notification 1'));
    expect(await screen.findByRole('heading', { name: 'Discussion page' })).toBeTruthy();
  });

  it('confirms marking all read', async () => {
    stubApi({
      'GET /api/notifications': () => ({ status: 200, body: notifications(2) }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 2 } }),
      'PUT /api/notifications/read-all': () => ({ status: 200, body: {} }),
    });
    renderMenu();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All notifications marked as read')).toBeTruthy();
    expect(screen.getByText('Your notification list has been cleared.')).toBeTruthy();
  });

  it('reports a failed mark-all', async () => {
    stubApi({
      'GET /api/notifications': () => ({ status: 200, body: notifications(2) }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 2 } }),
      'PUT /api/notifications/read-all': () => ({
        status: 500,
        body: { statusCode: 500, message: 'Internal Server Error' },
      }),
    });
    renderMenu();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('Failed to mark all notifications as read.')).toBeTruthy();
  });

  it('sends a logged-out member to log in again after 500 ms', async () => {
    stubApi({
      'GET /api/notifications': () => ({ status: 200, body: notifications(1) }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 1 } }),
      'PUT /api/notifications/n1/read': () => ({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderMenu();
    const menu = await openMenu();
    await userEvent.click(await within(menu).findByText('Notification 1'));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(screen.getByText('Unauthorized')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/login\?state=[\w-]{32}$/)), {
      timeout: 1500,
    });
  });
});
