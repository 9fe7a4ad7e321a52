import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { readAuthToken } from '../auth-token.ts';
import { LiveSocket, liveSocketUrl, type LiveSocketStatus } from './live-socket.ts';
import type { ServerSocketMessage } from '@crucible/proto';

const LiveSocketContext = createContext<LiveSocket | null>(null);

export function createBrowserLiveSocket(): LiveSocket {
  return new LiveSocket({ url: liveSocketUrl(window.location), readToken: readAuthToken });
}

/** The one global socket of a signed-in member (badges, presence, live messages); none for visitors. */
export function LiveSocketProvider({
  enabled,
  children,
  createSocket = createBrowserLiveSocket,
}: {
  enabled: boolean;
  children: ReactNode;
  createSocket?: () => LiveSocket;
}) {
  const socket = useMemo(() => (enabled ? createSocket() : null), [enabled, createSocket]);
  useEffect(() => {
    if (!socket) return;
    socket.start();
    return () => socket.stop();
  }, [socket]);
  return <LiveSocketContext.Provider value={socket}>{children}</LiveSocketContext.Provider>;
}

export function useLiveSocket(): LiveSocket | null {
  return useContext(LiveSocketContext);
}

export function useLiveStatus(): LiveSocketStatus {
  const socket = useLiveSocket();
  return useSyncExternalStore(
    (notify) => socket?.onStatus(notify) ?? (() => {}),
    () => socket?.status ?? 'idle',
  );
}

/**
 * A query's poll while the socket is down: `false` (no poll) while it is connected, since the socket's
 * events refresh what the query holds and every (re)connect refetches it; `fallbackMs` otherwise.
 */
export function useLiveFallbackInterval(fallbackMs: number): number | false {
  return useLiveStatus() === 'connected' ? false : fallbackMs;
}

/** Calls the latest handler for each server message; the handler may change every render without resubscribing. */
export function useLiveMessages(handler: (message: ServerSocketMessage) => void): void {
  const socket = useLiveSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => socket?.onMessage((message) => latest.current(message)), [socket]);
}

/** Runs on every (re)connect: whatever happened while the socket was away is fetched again. */
export function useLiveConnected(handler: () => void): void {
  const socket = useLiveSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => socket?.onOpen(() => latest.current()), [socket]);
}
