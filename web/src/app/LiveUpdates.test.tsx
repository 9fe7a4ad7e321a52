import type { OnlineUser } from '@crucible/proto';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ONLINE_USERS_QUERY_KEY } from '../features/dashboard/api/get-online-users.ts';
import { NOTIFICATION_UNREAD_COUNT_QUERY_KEY } from '../features/notifications/api/get-notification-unread-count.ts';
import { UNREAD_MESSAGE_COUNT_QUERY_KEY } from '../lib/direct-message-queries.ts';
import { LiveSocketProvider, useLiveFallbackInterval } from '../lib/live-socket/live-socket-context.tsx';
import { LiveSocket } from '../lib/live-socket/live-socket.ts';
import { aMember } from '../test/render-app.tsx';
import { ToastProvider } from '../components/toast/ToastProvider.tsx';
import { LiveUpdates } from './LiveUpdates.tsx';

interface ServerEnd {
  readyState: number;
  onopen: (() => void) | null;
  onmessage: ((event: { data: string }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: (() => void) | null;
  send: (data: string) => void;
  close: () => void;
}

const user = (id: string): OnlineUser => ({
  id,
  email: `${id}@x.test`,
  firstName: id,
  accessLevel: 'Public',
  profileImageUrl: null,
});

/** The app's global socket over a stand-in server end, and two counts that count their fetches. */
function setup() {
  let server: ServerEnd | undefined;
  const createSocket = () =>
    new LiveSocket({
      url: 'ws://example.test/ws',
      readToken: () => 'header.payload.sig',
      createSocket: () => {
        server = {
          readyState: WebSocket.CONNECTING,
          onopen: null,
          onmessage: null,
          onclose: null,
          onerror: null,
          send: () => undefined,
          close: () => undefined,
        };
        return server as unknown as WebSocket;
      },
      logger: { warn: () => undefined, error: () => undefined },
    });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetchUnreadMessages = vi.fn(async () => ({ count: fetchUnreadMessages.mock.calls.length }));
  const fetchUnreadNotifications = vi.fn(async () => ({ count: 0 }));
  let interval: number | false = 0;

  function Badges() {
    useQuery({ queryKey: UNREAD_MESSAGE_COUNT_QUERY_KEY, queryFn: fetchUnreadMessages });
    useQuery({ queryKey: NOTIFICATION_UNREAD_COUNT_QUERY_KEY, queryFn: fetchUnreadNotifications });
    interval = useLiveFallbackInterval(60_000);
    return null;
  }

  render(
    <QueryClientProvider client={queryClient}>
      <LiveSocketProvider enabled createSocket={createSocket}>
        <ToastProvider>
          <LiveUpdates user={aMember()} />
          <Badges />
        </ToastProvider>
      </LiveSocketProvider>
    </QueryClientProvider>,
  );
  const push = (message: unknown) => act(() => server!.onmessage?.({ data: JSON.stringify(message) }));
  const open = () =>
    act(() => {
      server!.readyState = WebSocket.OPEN;
      server!.onopen?.();
    });
  return { queryClient, push, open, fetchUnreadMessages, fetchUnreadNotifications, interval: () => interval };
}

describe('LiveUpdates', () => {
  it('builds the online list from the full list and then its changes', async () => {
    const { queryClient, push, open } = setup();
    open();
    push({ type: 'online_users_update', users: [user('a'), user('b')] });
    expect(queryClient.getQueryData(ONLINE_USERS_QUERY_KEY)).toEqual([user('a'), user('b')]);
    push({ type: 'online_users_changed', joined: [user('c')], left: ['a'] });
    expect(queryClient.getQueryData(ONLINE_USERS_QUERY_KEY)).toEqual([user('b'), user('c')]);
  });

  it('applies a message and a notification to the badges in place, and polls them only while the socket is down', async () => {
    const { push, open, fetchUnreadMessages, fetchUnreadNotifications, interval, queryClient } = setup();
    expect(interval()).toBe(60_000);
    // Settled counts: an event that lands during a first fetch (no data yet) joins that fetch.
    const settled = () =>
      vi.waitFor(() => {
        for (const key of [UNREAD_MESSAGE_COUNT_QUERY_KEY, NOTIFICATION_UNREAD_COUNT_QUERY_KEY])
          expect(queryClient.getQueryState(key)).toMatchObject({ status: 'success', fetchStatus: 'idle' });
      });
    await settled();
    open();
    expect(interval()).toBe(false);
    await settled();
    const afterOpen = fetchUnreadMessages.mock.calls.length;
    const notificationsAfterOpen = fetchUnreadNotifications.mock.calls.length;
    const before = queryClient.getQueryData<{ count: number }>(UNREAD_MESSAGE_COUNT_QUERY_KEY)!.count;
    push({
      type: 'direct_message',
      message: { id: 'm1', content: 'hi', senderId: 'u2', recipientId: 'user-1', createdAt: '2026-01-01T00:00:00Z' },
    });
    // The message counts in place: the badge goes up by one without asking the server.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(UNREAD_MESSAGE_COUNT_QUERY_KEY)).toEqual({ count: before + 1 }),
    );
    expect(fetchUnreadMessages.mock.calls.length).toBe(afterOpen);
    const notificationsBefore = queryClient.getQueryData<{ count: number }>(NOTIFICATION_UNREAD_COUNT_QUERY_KEY)!.count;
    const notification = {
      id: 'n1',
      type: 'direct_message',
      title: '2 new messages from Lena',
      message: 'm',
      isRead: false,
      createdAt: '2026-01-01T00:00:00Z',
      link: '/messages?with=u2',
      discussionId: null,
      replyId: null,
      projectId: null,
      fromUserId: 'u2',
      readAt: null,
      count: 2,
    };
    // A group that grows is one unread entry: counted once, however often it is pushed.
    push({ type: 'notification', notification: { ...notification, count: 1 } });
    push({ type: 'notification', notification });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(NOTIFICATION_UNREAD_COUNT_QUERY_KEY)).toEqual({ count: notificationsBefore + 1 }),
    );
    push({ type: 'notifications_read', ids: ['n1'] });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(NOTIFICATION_UNREAD_COUNT_QUERY_KEY)).toEqual({ count: notificationsBefore }),
    );
    expect(fetchUnreadNotifications.mock.calls.length).toBe(notificationsAfterOpen);
  });

  it('shows a live-only notification as a toast, neither listed nor counted', async () => {
    const { push, open, queryClient } = setup();
    open();
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(NOTIFICATION_UNREAD_COUNT_QUERY_KEY)).toMatchObject({ status: 'success' }),
    );
    const before = queryClient.getQueryData(NOTIFICATION_UNREAD_COUNT_QUERY_KEY);
    push({
      type: 'notification',
      live: true,
      notification: {
        id: 'n-live',
        type: 'mention',
        title: 'Omar mentioned you in "Remote teams"',
        message: 'see this',
        isRead: false,
        createdAt: '2026-01-01T00:00:00Z',
        link: '/forums?discussion=d1',
        discussionId: 'd1',
        replyId: null,
        projectId: null,
        fromUserId: 'u2',
        readAt: null,
        count: 1,
      },
    });
    expect(await screen.findByText('Omar mentioned you in "Remote teams"')).toBeTruthy();
    expect(screen.getByText('see this').closest('[data-toast]')).toBeTruthy();
    expect(queryClient.getQueryData(NOTIFICATION_UNREAD_COUNT_QUERY_KEY)).toEqual(before);
  });
});
