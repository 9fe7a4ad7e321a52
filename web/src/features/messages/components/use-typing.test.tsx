import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocketProvider } from '../../../lib/live-socket/live-socket-context.tsx';
import { LiveSocket } from '../../../lib/live-socket/live-socket.ts';
import { TYPING_SHOWN_MS, useAnnounceTyping, usePartnerTyping } from './use-typing.ts';

function liveSetup() {
  const server = {
    readyState: WebSocket.CONNECTING as number,
    sent: [] as string[],
    onopen: null as (() => void) | null,
    onmessage: null as ((event: { data: string }) => void) | null,
    send(data: string) {
      this.sent.push(data);
    },
    close() {},
  };
  const socket = new LiveSocket({
    url: 'ws://test/ws',
    readToken: () => 'token',
    createSocket: () => server as unknown as WebSocket,
  });
  const createSocket = () => socket;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LiveSocketProvider enabled createSocket={createSocket}>
      {children}
    </LiveSocketProvider>
  );
  const open = () =>
    act(() => {
      server.readyState = WebSocket.OPEN;
      server.onopen?.();
    });
  const push = (message: object) => act(() => server.onmessage?.({ data: JSON.stringify(message) }));
  return { server, wrapper, open, push };
}

describe('typing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the partner typing for 3 s after their last typing event', () => {
    const { wrapper, open, push } = liveSetup();
    const { result } = renderHook(() => usePartnerTyping('u2'), { wrapper });
    open();
    push({ type: 'typing', senderId: 'u3', isTyping: true });
    expect(result.current).toBe(false);
    push({ type: 'typing', senderId: 'u2', isTyping: true });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS - 500));
    push({ type: 'typing', senderId: 'u2', isTyping: true });
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS - 1));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('hides at once when the partner stops', () => {
    const { wrapper, open, push } = liveSetup();
    const { result } = renderHook(() => usePartnerTyping('u2'), { wrapper });
    open();
    push({ type: 'typing', senderId: 'u2', isTyping: true });
    push({ type: 'typing', senderId: 'u2', isTyping: false });
    expect(result.current).toBe(false);
  });

  it('announces typing to the recipient at most every 2 s and says when the draft is cleared', () => {
    const { wrapper, open, server } = liveSetup();
    const { result } = renderHook(() => useAnnounceTyping('u2'), { wrapper });
    open();
    result.current.draftChanged('h');
    result.current.draftChanged('he');
    act(() => vi.advanceTimersByTime(2_000));
    result.current.draftChanged('hel');
    result.current.draftChanged('');
    expect(server.sent.map((data) => JSON.parse(data) as unknown)).toEqual([
      { type: 'typing', recipientId: 'u2', isTyping: true },
      { type: 'typing', recipientId: 'u2', isTyping: true },
      { type: 'typing', recipientId: 'u2', isTyping: false },
    ]);
  });
});
