import type { ConversationSummary, CurrentUser, DirectMessage, Quota, UserSummary } from '@crucible/proto';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastContext, type Toast } from '../../../components/toast/toast-context.ts';
import { STILL_LOADING, stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';
import { useQuotaWarnings } from '../components/use-quota-warnings.ts';

type Routes = Parameters<typeof stubApi>[0];

const viewer = aMember({ id: 'member-1', firstName: 'Ada', lastName: 'Lovelace' });
const grace = {
  id: 'member-2',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  preferredName: null,
  accessLevel: 'Journeyman' as const,
  profileImageUrl: null,
};
const MAX = 1_048_576;

function aConversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    otherUser: grace,
    lastMessage: { content: 'See you <b>soon</b>', createdAt: '2026-11-20T10:01:00Z' },
    unreadCount: 0,
    messageCount: 2,
    lastMessageAt: '2026-11-20T10:01:00Z',
    usedBytes: 40,
    maxBytes: MAX,
    ...overrides,
  };
}

function aMessage(overrides: Partial<DirectMessage> = {}): DirectMessage {
  return {
    id: 'message-1',
    content: 'Hello Ada',
    senderId: grace.id,
    recipientId: viewer.id,
    isRead: true,
    readAt: '2026-11-20T10:02:00Z',
    createdAt: '2026-11-20T10:00:00Z',
    messageSizeBytes: 9,
    editedAt: null,
    ...overrides,
  };
}

const fromGrace = aMessage();
const fromAda = aMessage({
  id: 'message-2',
  content: 'Hi <i>Grace</i>',
  senderId: viewer.id,
  recipientId: grace.id,
  createdAt: '2026-11-20T10:01:00Z',
});
const quota = (usedBytes: number): Quota => ({
  usedBytes,
  maxBytes: MAX,
  usagePercentage: (usedBytes / MAX) * 100,
  remainingBytes: MAX - usedBytes,
  isNearLimit: usedBytes >= 838_860,
  warningThreshold: 838_860,
});

function signedInAs(member: CurrentUser, routes: Routes = {}) {
  return stubApi({
    'GET /api/auth/user': () => ({ status: 200, body: member }),
    'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/direct-messages/conversations': () => ({ status: 200, body: [aConversation()] }),
    'GET /api/direct-messages/quota': () => ({ status: 200, body: quota(40) }),
    'GET /api/direct-messages/quota/conversations': () => ({ status: 200, body: [] }),
    'GET /api/direct-messages/blocks': () => ({ status: 200, body: [] }),
    [`GET /api/direct-messages/${grace.id}/messages`]: () => ({
      status: 200,
      body: { messages: [fromAda, fromGrace], nextCursor: null },
    }),
    ...routes,
  });
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path,
  );

const bodyOf = (call: Parameters<typeof fetch>) => JSON.parse(String(call[1]?.body)) as unknown;

async function toast(title: string): Promise<HTMLElement> {
  const titles = await screen.findAllByText(title);
  const found = titles.map((element) => element.closest<HTMLElement>('[data-toast]')).find(Boolean);
  if (!found) throw new Error(`no toast titled ${title}`);
  return found;
}

const thread = () => screen.findByRole('list', { name: `Messages with Grace Hopper` });

// jsdom lays nothing out; the virtualised thread needs a viewport to place its rows in.
const layoutSizes = { clientHeight: 640, clientWidth: 800 };
const savedDescriptors = Object.fromEntries(
  Object.keys(layoutSizes).map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]),
);
beforeEach(() => {
  for (const [name, value] of Object.entries(layoutSizes))
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
});
afterEach(() => {
  for (const [name, descriptor] of Object.entries(savedDescriptors))
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

// The machine running the suite is shared; whole-app renders with dialogs take seconds in jsdom.
vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => import('./MessagesPage.tsx'));

describe('the messages page', () => {
  it('shows the quota in MB with a one-decimal percent, the conversations and the empty usage card hidden', async () => {
    signedInAs(viewer, { 'GET /api/direct-messages/quota': () => ({ status: 200, body: quota(524_288) }) });
    renderApp('/messages');
    expect(await screen.findByText('0.50 MB of 1.00 MB used')).toBeTruthy();
    expect(screen.getByTestId('quota-percent').textContent).toBe('50.0%');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByText('Grace Hopper')).toBeTruthy();
    expect(within(list).getByText('See you soon')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Storage by conversation' })).toBeNull();
  });

  it('colours the quota bar red above 90% and shows the per-conversation usage when there is some', async () => {
    signedInAs(viewer, {
      'GET /api/direct-messages/quota': () => ({ status: 200, body: quota(Math.ceil(MAX * 0.92)) }),
      'GET /api/direct-messages/quota/conversations': () => ({
        status: 200,
        body: [{ otherUserId: grace.id, usedBytes: 2048, messageCount: 3 }],
      }),
    });
    renderApp('/messages');
    const bar = await screen.findByRole('progressbar', { name: 'Message storage used' });
    expect(bar.getAttribute('data-color')).toBe('error');
    const usage = await screen.findByRole('region', { name: 'Storage by conversation' });
    expect(within(usage).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(`/profile/${grace.id}`);
    expect(within(usage).getByText('0.00 MB')).toBeTruthy();
    expect(within(usage).getByText(/3 messages/)).toBeTruthy();
  });

  it('caps a conversation’s unread badge at 99+ and reads the conversation when it is opened', async () => {
    let unread = 150;
    const fetchMock = signedInAs(viewer, {
      'GET /api/direct-messages/conversations': () => ({ status: 200, body: [aConversation({ unreadCount: unread })] }),
      'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: unread } }),
      [`PUT /api/direct-messages/${grace.id}/read-all`]: () => {
        unread = 0;
        return { status: 200, body: { markedRead: 150, readAt: '2026-11-20T10:05:00Z' } };
      },
    });
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(await within(list).findByText('99+')).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect((await within(nav).findAllByText(/99\+ unread/)).length).toBeGreaterThan(0);
    await userEvent.click(within(list).getByRole('button', { name: /Grace Hopper/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/api/direct-messages/${grace.id}/read-all`)).toHaveLength(1));
    await waitFor(() => expect(within(list).queryByText('99+')).toBeNull());
    // The answer clears the list's count and the navigation's badge in place.
    await waitFor(() => expect(within(nav).queryByText(/unread/)).toBeNull());
  });

  it('reads an open conversation when its thread holds a message not yet read', async () => {
    const fetchMock = signedInAs(viewer, {
      [`GET /api/direct-messages/${grace.id}/messages`]: () => ({
        status: 200,
        body: { messages: [aMessage({ isRead: false, readAt: null })], nextCursor: null },
      }),
      [`PUT /api/direct-messages/${grace.id}/read-all`]: () => ({
        status: 200,
        body: { markedRead: 1, readAt: '2026-11-20T10:05:00Z' },
      }),
    });
    renderApp(`/messages?with=${grace.id}`);
    await thread();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', `/api/direct-messages/${grace.id}/read-all`).length).toBeGreaterThan(0),
    );
  });

  it('shows the thread with HTML stripped, names linking to profiles, and the live indicator disconnected', async () => {
    signedInAs(viewer);
    renderApp(`/messages?with=${grace.id}`);
    const messages = await thread();
    expect(within(messages).getByText('Hello Ada')).toBeTruthy();
    expect(within(messages).getByText('Hi Grace')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Conversation with Grace Hopper' });
    expect(within(region).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(
      `/profile/${grace.id}`,
    );
    expect(within(region).getByText('Live: disconnected')).toBeTruthy();
  });

  it('shows the partner’s picture from the conversation in the list and beside their messages, asking for no profile', async () => {
    const picture = '/api/profile-pictures/grace.webp';
    const fetchMock = signedInAs(viewer, {
      'GET /api/direct-messages/conversations': () => ({
        status: 200,
        body: [aConversation({ otherUser: { ...grace, profileImageUrl: picture } })],
      }),
    });
    renderApp(`/messages?with=${grace.id}`);
    const messages = await thread();
    const fromGraceItem = within(messages).getByText('Hello Ada').closest('[role="listitem"]')!;
    expect(fromGraceItem.querySelector('img')?.getAttribute('src')).toBe(picture);
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(
      within(list).getByRole('link', { name: "Grace Hopper's profile" }).querySelector('img')?.getAttribute('src'),
    ).toBe(picture);
    const profileRequests = fetchMock.mock.calls.filter(([url]) => String(url).includes('/profile'));
    expect(profileRequests).toEqual([]);
  });

  it('shows busy skeletons while the conversations and the open thread load', async () => {
    signedInAs(viewer, {
      'GET /api/direct-messages/conversations': () => STILL_LOADING,
      [`GET /api/direct-messages/${grace.id}/messages`]: () => STILL_LOADING,
    });
    renderApp(`/messages?with=${grace.id}`);
    const conversations = await screen.findByRole('status', { name: 'Loading conversations' });
    expect(conversations.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('status', { name: 'Loading messages' })).toBeTruthy();
  });

  it('offers Start a Conversation when there is none, which opens Create New Message', async () => {
    signedInAs(viewer, { 'GET /api/direct-messages/conversations': () => ({ status: 200, body: [] }) });
    renderApp('/messages');
    const list = await screen.findByRole('region', { name: 'Conversations' });
    expect(await within(list).findByText('You have no conversations yet.')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Start a Conversation' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Message' })).toBeTruthy();
  });

  it('says so when a conversation has no messages yet', async () => {
    signedInAs(viewer, {
      [`GET /api/direct-messages/${grace.id}/messages`]: () => ({
        status: 200,
        body: { messages: [], nextCursor: null },
      }),
    });
    renderApp(`/messages?with=${grace.id}`);
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeTruthy();
  });

  it('offers Try Again when the messages fail to load, and shows them once they do', async () => {
    let failing = true;
    signedInAs(viewer, {
      [`GET /api/direct-messages/${grace.id}/messages`]: () =>
        failing
          ? { status: 500, body: { statusCode: 500, message: 'boom' } }
          : { status: 200, body: { messages: [fromGrace], nextCursor: null } },
    });
    renderApp(`/messages?with=${grace.id}`);
    expect(await screen.findByText('Failed to Load Messages')).toBeTruthy();
    expect(screen.getByText('Failed to fetch messages')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(within(await thread()).getByText('Hello Ada')).toBeTruthy();
  });

  it('loads older messages with the cursor of the page before', async () => {
    const older = aMessage({ id: 'message-0', content: 'An older hello', createdAt: '2026-11-19T09:00:00Z' });
    const fetchMock = signedInAs(viewer, {
      [`GET /api/direct-messages/${grace.id}/messages`]: () => ({
        status: 200,
        body: { messages: [fromAda, fromGrace], nextCursor: 'cursor-1' },
      }),
    });
    // The same path answers both pages: the second call is told apart by its cursor.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').searchParams.get('cursor') === 'cursor-1')
        return new Response(JSON.stringify({ messages: [older], nextCursor: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      return answer(input, init);
    });
    renderApp(`/messages?with=${grace.id}`);
    await thread();
    fireEvent.scroll(screen.getByTestId('message-scroller'), { target: { scrollTop: 0 } });
    expect(within(await thread()).getByText('An older hello')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/messages'));
    expect(urls).toContain(`/api/direct-messages/${grace.id}/messages?limit=50&cursor=cursor-1`);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});

describe('the composer', () => {
  it('keeps Send disabled while the message is blank', async () => {
    signedInAs(viewer);
    renderApp(`/messages?with=${grace.id}`);
    await thread();
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(send.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'x');
    expect(send.hasAttribute('disabled')).toBe(false);
  });

  it('adds a line on Shift+Enter and sends on Enter', async () => {
    const fetchMock = signedInAs(viewer, {
      'POST /api/direct-messages': ({ body }) => ({
        status: 201,
        body: aMessage({
          id: 'message-9',
          content: (body as { content: string }).content,
          senderId: viewer.id,
          recipientId: grace.id,
          createdAt: '2026-11-20T11:00:00Z',
        }),
      }),
    });
    renderApp(`/messages?with=${grace.id}`);
    await thread();
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    await userEvent.type(box, 'one{Shift>}{Enter}{/Shift}two');
    expect(box.value).toBe('one\ntwo');
    expect(callsTo(fetchMock, 'POST', '/api/direct-messages')).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/direct-messages')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/direct-messages')[0]!)).toEqual({
      recipientId: grace.id,
      content: 'one\ntwo',
    });
    expect(box.value).toBe('');
  });

  it('shows a sent message at once, then replaces it with the server’s', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = signedInAs(viewer, {
      'POST /api/direct-messages': () => ({
        status: 201,
        body: aMessage({
          id: 'message-9',
          content: 'On my way',
          senderId: viewer.id,
          recipientId: grace.id,
          isRead: false,
          createdAt: '2026-11-20T11:00:00Z',
        }),
      }),
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await gate;
      return answer(input, init);
    });
    renderApp(`/messages?with=${grace.id}`);
    await thread();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way{Enter}');
    const pending = (await within(await thread()).findByText('On my way')).closest<HTMLElement>('[data-message-id]')!;
    expect(pending.getAttribute('data-message-id')).toMatch(/^temp-/);
    expect(within(pending).getByText(/Sending…/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send message' }).hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Messages with Grace Hopper' }))
          .getByText('On my way')
          .closest('[data-message-id]')
          ?.getAttribute('data-message-id'),
      ).toBe('message-9'),
    );
  });

  it('rolls a failed send back, says why, and gives the text back', async () => {
    signedInAs(viewer, {
      'POST /api/direct-messages': () => ({
        status: 413,
        body: { statusCode: 413, message: 'Message quota exceeded: 12 B left' },
      }),
    });
    renderApp(`/messages?with=${grace.id}`);
    await thread();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Too big{Enter}');
    expect((await toast('Failed to send message')).textContent).toContain('Message quota exceeded: 12 B left');
    expect(within(await thread()).queryByText('Too big')).toBeNull();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe('Too big');
  });
});

describe('message shortcuts', () => {
  it('asks before deleting one’s own message with Delete, and deletes nothing on Cancel', async () => {
    const fetchMock = signedInAs(viewer, { [`DELETE /api/direct-messages/${fromAda.id}`]: () => ({ status: 204 }) });
    renderApp(`/messages?with=${grace.id}`);
    const own = () =>
      within(screen.getByRole('list', { name: /Messages with/ }))
        .getByText('Hi Grace')
        .closest<HTMLElement>('[data-message-id]')!;
    await thread();
    own().focus();
    await userEvent.keyboard('{Delete}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete message?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', `/api/direct-messages/${fromAda.id}`)).toHaveLength(0);
    own().focus();
    await userEvent.keyboard('{Delete}');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete message?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `/api/direct-messages/${fromAda.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Hi Grace')).toBeNull());
  });

  it('does not delete another member’s message, and says why a delete failed', async () => {
    const fetchMock = signedInAs(viewer, {
      [`DELETE /api/direct-messages/${fromAda.id}`]: () => ({
        status: 404,
        body: { statusCode: 404, message: 'Message not found' },
      }),
    });
    renderApp(`/messages?with=${grace.id}`);
    const theirs = within(await thread())
      .getByText('Hello Ada')
      .closest<HTMLElement>('[data-message-id]')!;
    theirs.focus();
    await userEvent.keyboard('{Backspace}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    within(await thread())
      .getByText('Hi Grace')
      .closest<HTMLElement>('[data-message-id]')!
      .focus();
    await userEvent.keyboard('{Backspace}');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete message?' })).getByRole('button', { name: 'Delete' }),
    );
    expect((await toast('Failed to delete message')).textContent).toContain('Message not found');
  });

  it('reports another’s message with r, insisting on a report type', async () => {
    const fetchMock = signedInAs(viewer, {
      'POST /api/admin/message-reports': () => ({ status: 201, body: { id: 'report-1' } }),
    });
    renderApp(`/messages?with=${grace.id}`);
    const theirs = within(await thread())
      .getByText('Hello Ada')
      .closest<HTMLElement>('[data-message-id]')!;
    theirs.focus();
    await userEvent.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Report message' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(6);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(within(dialog).getByText('Please select a report type')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/admin/message-reports')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }));
    await userEvent.paste('At night');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await toast('Report submitted successfully')).toBeTruthy();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/admin/message-reports')[0]!)).toEqual({
      messageId: fromGrace.id,
      reportType: 'harassment',
      reportReason: 'At night',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report message' })).toBeNull());
  });

  it('does not open a report on one’s own message', async () => {
    signedInAs(viewer);
    renderApp(`/messages?with=${grace.id}`);
    within(await thread())
      .getByText('Hi Grace')
      .closest<HTMLElement>('[data-message-id]')!
      .focus();
    await userEvent.keyboard('r');
    expect(screen.queryByRole('dialog', { name: 'Report message' })).toBeNull();
  });
});

describe('starting a conversation', () => {
  const members: UserSummary[] = [
    {
      id: viewer.id,
      email: viewer.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      accessLevel: 'Apprentice',
    },
    {
      id: 'member-3',
      email: 'alan@example.com',
      firstName: 'Alan',
      lastName: 'Turing',
      profileImageUrl: null,
      accessLevel: 'Master',
    },
  ];

  it('searches from 2 characters once typing has paused 300 ms, and refuses picking oneself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const fetchMock = signedInAs(viewer, { 'GET /api/users/search': () => ({ status: 200, body: members }) });
      renderApp('/messages');
      await user.click(await screen.findByRole('button', { name: 'New Message' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create New Message' });
      const search = within(dialog).getByRole('textbox', { name: 'Search members' });
      const searches = () => callsTo(fetchMock, 'GET', '/api/users/search');

      await user.type(search, 'a');
      await act(async () => vi.advanceTimersByTime(1000));
      expect(searches()).toHaveLength(0);

      await user.type(search, 'd');
      await act(async () => vi.advanceTimersByTime(250));
      expect(searches()).toHaveLength(0);
      await act(async () => vi.advanceTimersByTime(100));
      await waitFor(() => expect(searches()).toHaveLength(1));
      expect(String(searches()[0]![0])).toBe('/api/users/search?q=ad');

      await user.click(await within(dialog).findByRole('button', { name: /Ada Lovelace/ }));
      expect(await toast('Cannot select yourself')).toBeTruthy();
      expect(within(dialog).queryByText('To')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a recipient, then sends the first message and opens the conversation', async () => {
    const fetchMock = signedInAs(viewer, {
      'GET /api/users/search': () => ({ status: 200, body: members }),
      'POST /api/direct-messages': () => ({
        status: 201,
        body: aMessage({ id: 'message-7', senderId: viewer.id, recipientId: 'member-3', content: 'Hello Alan' }),
      }),
      'GET /api/direct-messages/member-3/messages': () => ({ status: 200, body: { messages: [], nextCursor: null } }),
    });
    const { router } = renderApp('/messages');
    await userEvent.click(await screen.findByRole('button', { name: 'New Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Message' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Please select a recipient')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search members' }), 'al');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Alan Turing/ }));
    // Pasted rather than typed: every keystroke re-renders the dialog, which is slow in jsdom.
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Message' }));
    await userEvent.paste('Hello Alan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.search).toBe('?with=member-3'));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/direct-messages')[0]!)).toEqual({
      recipientId: 'member-3',
      content: 'Hello Alan',
    });
    expect(await screen.findByRole('region', { name: 'Conversation with Alan Turing' })).toBeTruthy();
  });
});

describe('blocking', () => {
  it('blocks from the thread menu, closes the composer, and lists the member to unblock', async () => {
    let blocked = false;
    const fetchMock = signedInAs(viewer, {
      'GET /api/direct-messages/blocks': () => ({ status: 200, body: blocked ? [{ userId: grace.id }] : [] }),
      [`PUT /api/direct-messages/blocks/${grace.id}`]: () => {
        blocked = true;
        return { status: 201, body: { userId: grace.id } };
      },
      [`DELETE /api/direct-messages/blocks/${grace.id}`]: () => {
        blocked = false;
        return { status: 204 };
      },
    });
    renderApp(`/messages?with=${grace.id}`);
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Conversation options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block Grace Hopper' }));
    expect(callsTo(fetchMock, 'PUT', `/api/direct-messages/blocks/${grace.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' }).hasAttribute('disabled')).toBe(true));
    const blockedList = screen.getByRole('region', { name: 'Blocked members' });
    await userEvent.click(within(blockedList).getByRole('button', { name: 'Unblock Grace Hopper' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' }).hasAttribute('disabled')).toBe(false));
    expect(callsTo(fetchMock, 'DELETE', `/api/direct-messages/blocks/${grace.id}`)).toHaveLength(1);
  });
});

describe('quota warnings', () => {
  function Warnings({ quota: current }: { quota: Quota }) {
    useQuotaWarnings(current);
    return null;
  }

  it('toasts only when the level rises, for 5, 7 and 10 seconds', () => {
    const shown: Toast[] = [];
    const showToast = (next: Toast) => shown.push(next);
    const at = (percent: number) => quota(Math.ceil((MAX * percent) / 100));
    const view = render(
      <ToastContext.Provider value={showToast}>
        <Warnings quota={at(50)} />
      </ToastContext.Provider>,
    );
    const rerenderAt = (percent: number) =>
      view.rerender(
        <ToastContext.Provider value={showToast}>
          <Warnings quota={at(percent)} />
        </ToastContext.Provider>,
      );
    expect(shown).toHaveLength(0);
    rerenderAt(81);
    rerenderAt(85);
    expect(shown.map((toast) => toast.durationMs)).toEqual([5000]);
    rerenderAt(91);
    rerenderAt(96);
    rerenderAt(97);
    expect(shown.map((toast) => toast.durationMs)).toEqual([5000, 7000, 10_000]);
    rerenderAt(60);
    rerenderAt(92);
    expect(shown.map((toast) => toast.durationMs)).toEqual([5000, 7000, 10_000, 7000]);
  });

  it('warns a member who opens the page already past 90%', async () => {
    signedInAs(viewer, {
      'GET /api/direct-messages/quota': () => ({ status: 200, body: quota(Math.ceil(MAX * 0.93)) }),
    });
    renderApp('/messages');
    expect((await toast('Message storage nearly full')).textContent).toContain('93.0%');
  });
});
