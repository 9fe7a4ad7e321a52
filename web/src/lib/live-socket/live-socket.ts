import {
  LIMITS,
  WS_ACCEPTED_PROTOCOL,
  WS_AUTH_PROTOCOL_PREFIX,
  serverSocketMessageSchema,
  type ClientSocketMessage,
  type ServerSocketMessage,
} from '@crucible/proto';
import { reconnectDelay, type Interruption } from './reconnect-schedule.ts';

/**
 * 'disconnected': the connection was lost and the next try is scheduled (reconnectNow tries at once);
 * 'stopped': the server refused the sign-in, so it does not try again.
 */
export type LiveSocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'stopped';

export const AUTH_FAILED_LOG = 'Global WebSocket authentication failed - please refresh page';
export const NO_TOKEN_LOG = 'No JWT token available for WebSocket authentication';
/** What is logged when the service refuses the socket for another reason than its credential (e.g. the page's origin). */
export const refusedLog = (reason: string) => `Live connection refused by the server: ${reason}`;
/** The realtime service's close reasons that are about the credential; AUTH_FAILED_LOG is for those. */
const AUTH_REASONS = new Set(['', 'Authentication required', 'Authentication failed', 'Session ended']);

type SocketFactory = (url: string, protocols: string[]) => WebSocket;

export interface LiveSocketOptions {
  url: string;
  readToken: () => string | null;
  createSocket?: SocketFactory;
  logger?: Pick<Console, 'warn' | 'error'>;
  /** The jitter's source (tests pin it). */
  random?: () => number;
}

/**
 * Null for anything that is not JSON of a known shape: such messages are logged
 * and ignored. The shapes are the realtime service's own (proto), so a change there breaks here too.
 */
export function parseServerMessage(data: unknown): ServerSocketMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = serverSocketMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The token travels as the subprotocol 'auth.' + URL-safe base64, never in the URL. */
export function authProtocol(token: string): string {
  const bytes = new TextEncoder().encode(token);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `${WS_AUTH_PROTOCOL_PREFIX}${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** wss on https; the dev server on localhost has no socket of its own, so it goes to the backend's port 5000. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host' | 'hostname' | 'port'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const host = location.hostname === 'localhost' && !location.port ? 'localhost:5000' : location.host;
  return `${scheme}://${host}/ws`;
}

/**
 * One socket that always comes back (reconnect-schedule.ts). Listeners hear every parsed server message and
 * every status change; an 'open' after a gap is how callers know to refetch what they may have missed.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private currentStatus: LiveSocketStatus = 'idle';
  private readonly messageListeners = new Set<(message: ServerSocketMessage) => void>();
  private readonly statusListeners = new Set<(status: LiveSocketStatus) => void>();
  private readonly openListeners = new Set<() => void>();
  private readonly createSocket: SocketFactory;
  private readonly logger: Pick<Console, 'warn' | 'error'>;

  constructor(private readonly options: LiveSocketOptions) {
    this.createSocket = options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols));
    this.logger = options.logger ?? console;
  }

  get status(): LiveSocketStatus {
    return this.currentStatus;
  }

  start(): void {
    if (this.socket || this.timer || this.currentStatus === 'connected') return;
    this.attempt = 0;
    this.connect();
  }

  /** Tries at once instead of at the scheduled time (the Reconnect action), starting the backoff afresh. */
  reconnectNow(): void {
    if (this.socket || this.currentStatus === 'connected') return;
    this.clearTimer();
    this.attempt = 0;
    this.connect();
  }

  stop(): void {
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      socket.close(1000);
    }
    this.setStatus('idle');
  }

  /** False when there is no open socket: a message is never queued for later, it would arrive out of date. */
  send(message: ClientSocketMessage): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  onMessage(listener: (message: ServerSocketMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onStatus(listener: (status: LiveSocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onOpen(listener: () => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  private connect(): void {
    this.timer = null;
    const token = this.options.readToken();
    if (!token) {
      this.logger.warn(NO_TOKEN_LOG);
      this.retry({ kind: 'no-token', attempt: this.attempt });
      return;
    }
    this.setStatus('connecting');
    const socket = this.createSocket(this.options.url, [WS_ACCEPTED_PROTOCOL, authProtocol(token)]);
    this.socket = socket;
    // An error is followed by a close: the error's longer wait is the one that counts.
    let failed = false;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('connected');
      for (const listener of this.openListeners) listener();
    };
    socket.onmessage = (event: MessageEvent) => {
      const message = parseServerMessage(event.data);
      if (!message) {
        this.logger.warn('Ignoring a live socket message that could not be parsed', event.data);
        return;
      }
      for (const listener of this.messageListeners) listener(message);
    };
    socket.onerror = () => {
      if (failed || this.socket !== socket) return;
      failed = true;
      this.socket = null;
      this.retry({ kind: 'error', attempt: this.attempt });
    };
    socket.onclose = (event: CloseEvent) => {
      if (event.code === LIMITS.socket.authFailedCode) {
        const reason = event.reason ?? '';
        this.logger.error(AUTH_REASONS.has(reason) ? AUTH_FAILED_LOG : refusedLog(reason));
      }
      if (failed || this.socket !== socket) return;
      this.socket = null;
      this.retry({ kind: 'close', code: event.code, reason: event.reason, attempt: this.attempt });
    };
  }

  private retry(interruption: Interruption): void {
    const delay = reconnectDelay(interruption, this.options.random);
    if (delay === null) {
      this.setStatus('stopped');
      return;
    }
    // A first try after a token appears is still 'connecting'; a lost connection is 'disconnected'.
    this.setStatus(
      interruption.kind === 'no-token' && this.currentStatus !== 'disconnected' ? 'connecting' : 'disconnected',
    );
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: LiveSocketStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
