import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LiveSocket } from '../../../lib/live-socket/live-socket.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { STILL_LOADING, stubApi } from '../../../test/fake-api.ts';
import { aMember } from '../../../test/render-app.tsx';
import { CommunityChat } from './CommunityChat.tsx';
import { MemoryRouter } from 'react-router-dom';

interface FakeServerSocket {
  readyState: number;
  sent: string[];
  onopen: (() => void) | null;
  onmessage: ((event: { data: string }) => void) | null;
  onclose?: ((event: { code: number; reason: string }) => void) | null;
}

const page = (messages: unknown[]) => ({ messages, nextCursor: null, hasMore: false });

function renderChat() {
  const sockets: FakeServerSocket[] = [];
  const createSocket = () =>
    new LiveSocket({
      url: 'ws://test/ws',
      readToken: () => 'token',
      createSocket: () => {
        const socket: FakeServerSocket = { readyState: WebSocket.CONNECTING, sent: [], onopen: null, onmessage: null };
        Object.assign(socket, {
          send: (data: string) => socket.sent.push(data),
          close: () => (socket.readyState = WebSocket.CLOSED),
        });
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
  render(
    <QueryClientProvider client={createQueryClient()}>
      {/* Names in the chat link to profiles; the app renders the chat inside its router. */}
      <MemoryRouter>
        <CommunityChat user={aMember()} createSocket={createSocket} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const openServer = () =>
    act(() => {
      sockets.at(-1)!.readyState = WebSocket.OPEN;
      sockets.at(-1)!.onopen?.();
    });
  const dropServer = () =>
    act(() => {
      sockets.at(-1)!.readyState = WebSocket.CLOSED;
      sockets.at(-1)!.onclose?.({ code: 1006, reason: '' });
    });
  return { sockets, openServer, dropServer };
}

// userEvent typing on a shared two-core machine can take seconds.
describe('the community chat', { timeout: 20_000 }, () => {
  it('connects only while open, loads the history and says when it is connected', async () => {
    stubApi({
      'GET /api/messages/history': () => ({
        status: 200,
        body: page([
          {
            id: 'm1',
            content: 'Welcome all',
            senderId: 'u9',
            createdAt: '2026-01-01T10:05:00Z',
            sender: { firstName: 'Grace', lastName: 'Hopper', email: null, profileImageUrl: null },
          },
        ]),
      }),
    });
    const { sockets, openServer } = renderChat();
    expect(sockets).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Open community chat' }));
    // The connection line is one status; the history's loading skeleton may be another.
    expect(screen.getByText('Connecting...').getAttribute('role')).toBe('status');
    openServer();
    expect(screen.getByText('Connected').getAttribute('role')).toBe('status');
    expect(await screen.findByText('Welcome all')).toBeTruthy();
    // The sender's name and picture lead to their profile.
    expect(screen.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/profile/u9');
    expect(screen.getByRole('link', { name: "Grace Hopper's profile" }).getAttribute('href')).toBe('/profile/u9');
    await userEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(sockets[0]!.readyState).toBe(WebSocket.CLOSED);
    expect(screen.queryByRole('dialog', { name: 'Community Chat' })).toBeNull();
  });

  it('shows a busy skeleton while the history loads', async () => {
    stubApi({ 'GET /api/messages/history': () => STILL_LOADING });
    renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Open community chat' }));
    const messages = screen.getByTestId('chat-messages');
    expect(within(messages).getByRole('status', { name: 'Loading chat messages' })).toBeTruthy();
    expect(within(messages).queryByText('No messages yet. Start the conversation!')).toBeNull();
  });

  it('offers Say Hello in an empty chat, which puts the cursor in the message box', async () => {
    stubApi({ 'GET /api/messages/history': () => ({ status: 200, body: page([]) }) });
    renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Open community chat' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Say Hello' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Chat message' }));
  });

  it('sends on Enter with the member as sender, not on Shift+Enter, and shows live messages', async () => {
    stubApi({ 'GET /api/messages/history': () => ({ status: 200, body: page([]) }) });
    const { sockets, openServer } = renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Open community chat' }));
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeTruthy();
    openServer();
    const input = screen.getByRole('textbox', { name: 'Chat message' });
    await userEvent.type(input, 'hello');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(sockets[0]!.sent).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sockets[0]!.sent).toHaveLength(1);
    expect(JSON.parse(sockets[0]!.sent[0]!)).toMatchObject({
      type: 'chat',
      content: 'hello',
      sender: { id: 'user-1', name: 'Ada Lovelace' },
    });
    await userEvent.type(input, '   ');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sockets[0]!.sent).toHaveLength(1);
    act(() =>
      sockets[0]!.onmessage?.({
        data: JSON.stringify({
          type: 'chat',
          id: 'chat-2',
          content: 'hi Ada',
          sender: { id: 'u2', name: 'Grace Hopper', avatar: null },
          timestamp: '2026-01-01T10:06:00Z',
        }),
      }),
    );
    expect(screen.getByText('hi Ada')).toBeTruthy();
  });

  it('says Disconnected when the connection drops and reconnects at once on Reconnect', async () => {
    stubApi({ 'GET /api/messages/history': () => ({ status: 200, body: page([]) }) });
    const { sockets, openServer, dropServer } = renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Open community chat' }));
    openServer();
    dropServer();
    expect(screen.getByText('Disconnected').getAttribute('role')).toBe('status');
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(sockets).toHaveLength(2);
    openServer();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });

  it('sends a message not yet seen again after a reconnect, with the same idempotency key, and shows it once', async () => {
    stubApi({ 'GET /api/messages/history': () => ({ status: 200, body: page([]) }) });
    const { sockets, openServer, dropServer } = renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Open community chat' }));
    openServer();
    const input = screen.getByRole('textbox', { name: 'Chat message' });
    await userEvent.type(input, 'are you there');
    fireEvent.keyDown(input, { key: 'Enter' });
    const first = JSON.parse(sockets[0]!.sent[0]!) as { idempotencyKey: string };
    expect(first.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    dropServer();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    openServer();
    expect(sockets[1]!.sent.map((data) => JSON.parse(data) as unknown)).toEqual([
      expect.objectContaining({ type: 'chat', content: 'are you there', idempotencyKey: first.idempotencyKey }),
    ]);
    const echo = {
      type: 'chat',
      id: 'chat-7',
      content: 'are you there',
      sender: { id: 'user-1', name: 'Ada Lovelace', avatar: null },
      timestamp: '2026-01-01T10:06:00Z',
    };
    act(() => sockets[1]!.onmessage?.({ data: JSON.stringify(echo) }));
    act(() => sockets[1]!.onmessage?.({ data: JSON.stringify(echo) }));
    expect(screen.getAllByText('are you there')).toHaveLength(1);
    // Seen once, it is no longer sent again on the next reconnect.
    dropServer();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    openServer();
    expect(sockets[2]!.sent).toHaveLength(0);
  });

  it('puts a refused message back in the box, says why and holds Send until the server allows it again', async () => {
    stubApi({ 'GET /api/messages/history': () => ({ status: 200, body: page([]) }) });
    const { sockets, openServer } = renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Open community chat' }));
    openServer();
    const input = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Chat message' });
    await userEvent.type(input, 'too fast');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('');
    const { clientId } = JSON.parse(sockets[0]!.sent[0]!) as { clientId: string };
    act(() =>
      sockets[0]!.onmessage?.({
        data: JSON.stringify({
          type: 'chat_refused',
          message: 'You are sending messages too fast. Please wait a moment.',
          clientId,
          retryAfterSeconds: 7,
        }),
      }),
    );
    expect(input.value).toBe('too fast');
    expect(screen.getByRole('alert').textContent).toBe(
      'You are sending messages too fast. Please wait a moment. You can send again in 7 s.',
    );
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sockets[0]!.sent).toHaveLength(1);
  });

  it('closes on Escape and returns the focus to the toggle', async () => {
    stubApi({ 'GET /api/messages/history': () => ({ status: 200, body: page([]) }) });
    renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Open community chat' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Chat message' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Community Chat' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open community chat' }));
  });

  it('offers older messages above the first page and shows them in order', async () => {
    const message = (id: string, content: string, createdAt: string) => ({
      id,
      content,
      senderId: 'u9',
      createdAt,
      sender: { firstName: 'Grace', lastName: 'Hopper', email: null, profileImageUrl: null },
    });
    let calls = 0;
    const fetchMock = stubApi({
      'GET /api/messages/history': () => {
        calls += 1;
        return {
          status: 200,
          body:
            calls === 1
              ? { messages: [message('m2', 'newest', '2026-01-01T10:05:00Z')], nextCursor: 'older', hasMore: true }
              : page([message('m1', 'oldest', '2026-01-01T10:00:00Z')]),
        };
      },
    });
    renderChat();
    await userEvent.click(screen.getByRole('button', { name: 'Open community chat' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('oldest')).toBeTruthy();
    expect(screen.getAllByTestId('chat-line').map((line) => line.textContent)).toEqual([
      expect.stringContaining('oldest'),
      expect.stringContaining('newest'),
    ]);
    const cursors = fetchMock.mock.calls.map(([input]) =>
      new URL(String(input), 'http://localhost').searchParams.get('cursor'),
    );
    expect(cursors).toEqual([null, 'older']);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});
