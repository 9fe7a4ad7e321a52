import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { LiveSocket, LiveSocketStatus } from './live-socket.ts';
import type { ServerSocketMessage } from '@crucible/proto';

const LiveSocketContext = createContext<LiveSocket | null>(null);

/**
 * The browser's socket is loaded once a member is signed in: its message shapes bring zod (~25 kB
 * gzip), which the signed-out screens do without (the sign-in page's weight budget).
 */
function useBrowserLiveSocket(wanted: boolean): LiveSocket | null {
  const [socket, setSocket] = useState<LiveSocket | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void import('./browser-live-socket.ts').then(({ createBrowserLiveSocket }) => {
      if (current) setSocket(createBrowserLiveSocket());
    });
    return () => {
      current = false;
      setSocket(null);
    };
  }, [wanted]);
  return socket;
}

/** The one global socket of a signed-in member (badges, presence, live messages); none for visitors. */
export function LiveSocketProvider({
  enabled,
  children,
  createSocket,
}: {
  enabled: boolean;
  children: ReactNode;
  /** A socket made at once instead of the browser's (tests). */
  createSocket?: () => LiveSocket;
}) {
  const createdSocket = useMemo(() => (enabled && createSocket ? createSocket() : null), [enabled, createSocket]);
  const browserSocket = useBrowserLiveSocket(enabled && !createSocket);
  const socket = createdSocket ?? browserSocket;
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
