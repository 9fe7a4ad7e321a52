import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';

const entry = (id: string, title: string, isRead = false) => ({
  id,
  type: 'direct_message',
  title,
  message: '**bold** words',
  isRead,
  createdAt: '2026-01-01T10:00:00Z',
  link: '/messages?with=u2',
  discussionId: null,
  replyId: null,
  projectId: null,
  fromUserId: 'u2',
  readAt: null,
  count: 1,
});

describe('the notifications page', { timeout: 20_000 }, () => {
  it('lists the newest page, shows older ones on request, and asks for the unread only under the filter', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      'GET /api/auth/user': () => ({ status: 200, body: aMember() }),
      'GET /api/notifications/page': () => {
        calls += 1;
        return {
          status: 200,
          body:
            calls === 1
              ? { notifications: [entry('n2', '2 new messages from Lena')], nextCursor: 'older', hasMore: true }
              : { notifications: [entry('n1', 'New message from Omar', true)], nextCursor: null, hasMore: false },
        };
      },
    });
    renderApp('/notifications');
    const list = await screen.findByRole('menu', { name: 'Notifications' });
    expect(within(list).getByText('2 new messages from Lena')).toBeTruthy();
    // Previews are plain text: no markdown marks.
    expect(within(list).getByText(/^bold words ·/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByText('New message from Omar')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    await screen.findAllByRole('menuitem');
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/notifications/page')
      .map((url) => [url.searchParams.get('unread'), url.searchParams.get('cursor')]);
    expect(asked).toEqual([
      ['false', null],
      ['false', 'older'],
      ['true', null],
    ]);
  });

  it('shows the preferences and saves a change at once, the answer replacing them', async () => {
    const preferences = {
      directMessages: 'page',
      replies: 'page',
      mentions: 'page',
      projects: 'page',
      notices: 'page',
      emailDigest: 'off',
    };
    const saved: unknown[] = [];
    stubApi({
      'GET /api/auth/user': () => ({ status: 200, body: aMember() }),
      'GET /api/notifications/page': () => ({
        status: 200,
        body: { notifications: [], nextCursor: null, hasMore: false },
      }),
      'GET /api/notifications/preferences': () => ({ status: 200, body: preferences }),
      'PUT /api/notifications/preferences': ({ body }) => {
        saved.push(body);
        Object.assign(preferences, body);
        return { status: 200, body: preferences };
      },
    });
    renderApp('/notifications');
    const directMessages = await screen.findByRole('combobox', { name: 'Direct messages' });
    await userEvent.selectOptions(directMessages, 'Off');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'E-mail summary of unread messages and mentions' }),
      'After an hour away',
    );
    expect(saved).toEqual([{ directMessages: 'off' }, { emailDigest: 'hourly' }]);
    expect((screen.getByRole('combobox', { name: 'Direct messages' }) as HTMLSelectElement).value).toBe('off');
  });
});
