import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_ACCEPTED_PROTOCOL, WS_RESTART_SPREAD_MS, restartCloseReason } from '@crucible/proto';
import { AUTH_FAILED_LOG, authProtocol, LiveSocket, liveSocketUrl, refusedLog } from './live-socket.ts';
import { reconnectDelay } from './reconnect-schedule.ts';

/** A stand-in for the browser's WebSocket that the test opens, closes and fails by hand. */
class FakeSocket {
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = WebSocket.CLOSED;
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  serverClose(code: number, reason = '') {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.({ code, reason });
  }
  fail() {
    this.onerror?.();
    this.serverClose(1006);
  }
}

function setup(token: string | null = 'header.payload.sig') {
  const sockets: FakeSocket[] = [];
  const logger = { warn: vi.fn(), error: vi.fn() };
  let currentToken = token;
  const live = new LiveSocket({
    url: 'ws://example.test/ws',
    readToken: () => currentToken,
    createSocket: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    logger,
    random: () => 1,
  });
  return { live, sockets, logger, setToken: (value: string | null) => (currentToken = value) };
}

describe('the reconnect schedule', () => {
  const full = () => 1;

  it('waits 2 s times the attempt number for a token, capped at 30 s, and never stops', () => {
    const waits = [0, 1, 2, 3, 4, 20].map((attempt) => reconnectDelay({ kind: 'no-token', attempt }, full));
    expect(waits).toEqual([2_000, 4_000, 6_000, 8_000, 10_000, 30_000]);
  });

  it('backs off a close at 1 s x 2^attempt and an error at 2 s x 2^attempt, both capped at 30 s, forever', () => {
    expect(
      [0, 1, 2, 3, 4, 5, 50].map((attempt) => reconnectDelay({ kind: 'close', code: 1006, attempt }, full)),
    ).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect([0, 1, 2, 3, 4].map((attempt) => reconnectDelay({ kind: 'error', attempt }, full))).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000,
    ]);
  });

  it('jitters each wait to between half and all of its step', () => {
    expect(reconnectDelay({ kind: 'close', code: 1006, attempt: 5 }, () => 0)).toBe(15_000);
    expect(reconnectDelay({ kind: 'error', attempt: 0 }, () => 0.5)).toBe(1_500);
  });

  it('never retries a refused sign-in (1008) but does come back after a server going away (1001)', () => {
    expect(reconnectDelay({ kind: 'close', code: 1008, attempt: 0 }, full)).toBeNull();
    expect(reconnectDelay({ kind: 'close', code: 1001, attempt: 0 }, full)).toBe(1_000);
  });

  it('waits the delay a restarting server (1012) names, or a random one within the spread', () => {
    const reason = restartCloseReason(3_456);
    expect(reconnectDelay({ kind: 'close', code: 1012, reason, attempt: 0 }, full)).toBe(3_456);
    expect(reconnectDelay({ kind: 'close', code: 1012, reason: '', attempt: 0 }, () => 0.5)).toBe(
      WS_RESTART_SPREAD_MS / 2,
    );
  });
});

describe('LiveSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('carries the token as an auth. subprotocol in URL-safe base64, not in the URL', () => {
    const { live, sockets } = setup('a?b>c');
    live.start();
    expect(sockets[0]!.url).toBe('ws://example.test/ws');
    expect(sockets[0]!.protocols).toEqual([WS_ACCEPTED_PROTOCOL, authProtocol('a?b>c')]);
    expect(authProtocol('a?b>c')).toBe('auth.YT9iPmM');
  });

  it('falls back to port 5000 on a bare localhost and uses wss on https', () => {
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost', hostname: 'localhost', port: '' })).toBe(
      'ws://localhost:5000/ws',
    );
    expect(liveSocketUrl({ protocol: 'https:', host: 'c.example:8443', hostname: 'c.example', port: '8443' })).toBe(
      'wss://c.example:8443/ws',
    );
  });

  it('reconnects after a dropped connection on the close schedule and resets it once open', () => {
    const { live, sockets } = setup();
    const opened = vi.fn();
    live.onOpen(opened);
    live.start();
    sockets[0]!.serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverClose(1006);
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    sockets[2]!.open();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(live.status).toBe('connected');
    sockets[2]!.serverClose(1006);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('counts an error once, on the longer error schedule, though a close follows it', () => {
    const { live, sockets } = setup();
    live.start();
    sockets[0]!.fail();
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('logs AUTH_FAILED_LOG on 1008 and never tries again', () => {
    const { live, sockets, logger } = setup();
    live.start();
    sockets[0]!.open();
    sockets[0]!.serverClose(1008);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledWith(AUTH_FAILED_LOG);
    expect(live.status).toBe('stopped');
  });

  it('says what happened when the refusal is not about the credential', () => {
    const { live, sockets, logger } = setup();
    live.start();
    sockets[0]!.serverClose(1008, 'Origin not allowed');
    expect(logger.error).toHaveBeenCalledWith(refusedLog('Origin not allowed'));
    expect(logger.error).not.toHaveBeenCalledWith(AUTH_FAILED_LOG);
    expect(live.status).toBe('stopped');
  });

  it('keeps waiting for a token and connects when it appears, however late', () => {
    const { live, sockets, setToken } = setup(null);
    live.start();
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(0);
    expect(live.status).toBe('connecting');
    setToken('late.token.sig');
    vi.advanceTimersByTime(30_000);
    expect(sockets).toHaveLength(1);
  });

  it('keeps retrying a server that stays away, says disconnected, and tries at once on reconnectNow', () => {
    const { live, sockets } = setup();
    live.start();
    for (let tries = 0; tries < 12; tries += 1) {
      sockets.at(-1)!.fail();
      expect(live.status).toBe('disconnected');
      vi.advanceTimersByTime(30_000);
    }
    expect(sockets).toHaveLength(13);
    sockets.at(-1)!.serverClose(1006);
    live.reconnectNow();
    expect(sockets).toHaveLength(14);
    sockets.at(-1)!.open();
    expect(live.status).toBe('connected');
  });

  it('comes back after a deploy (1012) at the delay the server named', () => {
    const { live, sockets } = setup();
    const opened = vi.fn();
    live.onOpen(opened);
    live.start();
    sockets[0]!.open();
    sockets[0]!.serverClose(1012, restartCloseReason(2_500));
    vi.advanceTimersByTime(2_499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    sockets[1]!.open();
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('ignores messages it cannot parse and hands on the ones it can', () => {
    const { live, sockets, logger } = setup();
    const heard = vi.fn();
    live.onMessage(heard);
    live.start();
    sockets[0]!.open();
    sockets[0]!.onmessage?.({ data: 'not json' });
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'unknown_kind' }) });
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'typing', senderId: 'u2', isTyping: true }) });
    expect(heard).toHaveBeenCalledExactlyOnceWith({ type: 'typing', senderId: 'u2', isTyping: true });
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('sends only over an open socket and does not reconnect after stop', () => {
    const { live, sockets } = setup();
    live.start();
    expect(live.send({ type: 'typing', recipientId: 'u2', isTyping: true })).toBe(false);
    sockets[0]!.open();
    expect(live.send({ type: 'typing', recipientId: 'u2', isTyping: true })).toBe(true);
    live.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(live.status).toBe('idle');
  });
});
