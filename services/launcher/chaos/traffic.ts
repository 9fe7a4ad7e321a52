import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { WEBSOCKET_PATH, WS_ACCEPTED_PROTOCOL, WS_AUTH_PROTOCOL_PREFIX } from '@crucible/proto';
import { send, sleep, type Reply } from '@crucible/bench-kit';

export interface Member {
  id: string;
  email: string;
  token: string;
  /** Each member's own client address (X-Forwarded-For): one member's rate limit is not another's. */
  ip: string;
}

export type WriteKind = 'dm' | 'reply' | 'chat';

/** A write a member makes, with the idempotency key every attempt of it carries. */
export interface Write {
  kind: WriteKind;
  key: string;
  content: string;
  phase: string;
  attempts: number;
  /** The stored row's id once a send was answered 2xx (chat: once its frame came back). */
  ackedId?: string;
  acked: boolean;
  /** What the last attempt got: an HTTP status, `timeout` or `refused`. */
  lastStatus?: string;
  /** Answered with a 4xx that no resend changes (not 409 or 429): the member gives it up. */
  refused?: string;
}

interface Request {
  phase: string;
  op: string;
  /** HTTP status, or 'timeout' / 'refused' when no answer came. */
  status: string;
}

export interface SocketClose {
  phase: string;
  code: number;
  at: number;
}

const REQUEST_TIMEOUT_MS = 15_000;
const pause = (ms: number) => sleep(ms * (0.5 + Math.random()));

/**
 * Steady traffic of several members through the gateway: DM sends and forum replies with an
 * Idempotency-Key (an unanswered or failed send is sent again later with the same key, as the web
 * app does), reads, and a few sockets that reconnect with capped backoff and send chat with a key.
 * Every request and socket close is counted under the phase (fault) current when it happened.
 */
export class Traffic {
  phase = 'warm-up';
  readonly requests: Request[] = [];
  /** The first answer body seen for each status and operation, to say what a failure was. */
  readonly samples = new Map<string, string>();
  readonly writes: Write[] = [];
  readonly closes: SocketClose[] = [];
  reconnects: { phase: string; at: number }[] = [];
  readonly sockets: ChaosSocket[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    readonly gatewayPort: number,
    readonly members: Member[],
    private readonly discussionId: string,
    private readonly origin: string,
    private readonly socketCount: number,
  ) {}

  async call(member: Member, method: string, path: string, json?: unknown, key?: string): Promise<Reply | undefined> {
    // Counted under the fault that was on when the request left, however late its answer.
    const phase = this.phase;
    const op = `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id').replace(/\?.*/, '')}`;
    try {
      const reply = await send({
        port: this.gatewayPort,
        method,
        path,
        json,
        timeoutMs: REQUEST_TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${member.token}`,
          'x-forwarded-for': member.ip,
          ...(key ? { 'idempotency-key': key } : {}),
        },
      });
      this.requests.push({ phase, op, status: String(reply.status) });
      const sample = `${reply.status} ${op}`;
      if (reply.status >= 400 && !this.samples.has(sample)) this.samples.set(sample, reply.body.slice(0, 200));
      return reply;
    } catch (error) {
      const status = /timed out/.test((error as Error).message) ? 'timeout' : 'refused';
      this.requests.push({ phase, op, status });
      return undefined;
    }
  }

  /** Sends `write` once (again); true when it was answered 2xx. */
  private async attempt(member: Member, write: Write, recipient: Member): Promise<boolean> {
    write.attempts += 1;
    const reply =
      write.kind === 'dm'
        ? await this.call(
            member,
            'POST',
            '/api/direct-messages',
            { recipientId: recipient.id, content: write.content },
            write.key,
          )
        : await this.call(
            member,
            'POST',
            `/api/discussions/${this.discussionId}/replies`,
            { content: write.content },
            write.key,
          );
    write.lastStatus = reply ? String(reply.status) : 'no answer';
    if (reply && reply.status >= 400 && reply.status < 500 && reply.status !== 409 && reply.status !== 429) {
      write.refused = String(reply.status);
      return true;
    }
    if (!reply || reply.status < 200 || reply.status >= 300) return false;
    write.acked = true;
    write.ackedId = (JSON.parse(reply.body) as { id: string }).id;
    return true;
  }

  private async memberLoop(member: Member, index: number): Promise<void> {
    const unacked: { write: Write; recipient: Member }[] = [];
    let lastRetry = 0;
    while (this.running) {
      // What failed before goes again, with its key, every second or so between new traffic: a
      // send the service did get is answered with the first result, never stored twice.
      if (unacked.length > 0 && performance.now() - lastRetry > 1000) {
        lastRetry = performance.now();
        const retry = unacked.shift()!;
        if (!(await this.attempt(member, retry.write, retry.recipient))) unacked.push(retry);
        await pause(300);
        continue;
      }
      const recipient =
        this.members[(index + 1 + Math.floor(Math.random() * (this.members.length - 1))) % this.members.length]!;
      const roll = Math.random();
      if (roll < 0.55) {
        const write: Write = {
          kind: roll < 0.35 ? 'dm' : 'reply',
          key: randomUUID(),
          content: `chaos ${roll < 0.35 ? 'dm' : 'reply'} ${randomUUID()}`,
          phase: this.phase,
          attempts: 0,
          acked: false,
        };
        this.writes.push(write);
        if (!(await this.attempt(member, write, recipient))) unacked.push({ write, recipient });
      } else if (roll < 0.75) await this.call(member, 'GET', '/api/direct-messages/conversations');
      else if (roll < 0.9) await this.call(member, 'GET', `/api/discussions/${this.discussionId}/replies?limit=20`);
      else await this.call(member, 'GET', '/api/auth/user');
      await pause(400);
    }
  }

  /** Writes of `phase` not answered 2xx yet (their members keep sending them). */
  unacked(phase?: string): Write[] {
    return this.writes.filter(
      (write) => !write.acked && !write.refused && (phase === undefined || write.phase === phase),
    );
  }

  start(): void {
    this.running = true;
    for (let index = 0; index < Math.min(this.socketCount, this.members.length); index += 1) {
      const socket = new ChaosSocket(this, this.members[index]!, this.gatewayPort, this.origin);
      this.sockets.push(socket);
      this.loops.push(socket.run());
    }
    this.loops.push(...this.members.map((member, index) => this.memberLoop(member, index)));
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const socket of this.sockets) socket.stop();
    await Promise.all(this.loops);
  }

  get isRunning(): boolean {
    return this.running;
  }

  openSockets(): number {
    return this.sockets.filter((socket) => socket.open).length;
  }

  /** ms until every socket is open again (undefined past `timeoutMs`). */
  async socketsBack(timeoutMs: number): Promise<number | undefined> {
    const startedAt = performance.now();
    while (this.openSockets() < this.sockets.length) {
      if (performance.now() - startedAt > timeoutMs) return undefined;
      await sleep(100);
    }
    return performance.now() - startedAt;
  }
}

/**
 * A member's socket through the gateway, reconnecting as the web client does (capped, jittered
 * backoff; every close code, 1008 too, so a wrong 1008 shows as a close and not as a silent stop).
 * Every few seconds it sends a chat message with an idempotency key; one not seen back before a
 * close goes again with the same key on the next connection.
 */
export class ChaosSocket {
  open = false;
  private stopped = false;
  private socket: WebSocket | undefined;
  private readonly pending = new Map<string, Write>();

  constructor(
    private readonly traffic: Traffic,
    private readonly member: Member,
    private readonly port: number,
    private readonly origin: string,
  ) {}

  stop(): void {
    this.stopped = true;
    this.socket?.close(1000);
  }

  private connect(): Promise<number> {
    return new Promise((resolve) => {
      const protocols = [
        WS_ACCEPTED_PROTOCOL,
        `${WS_AUTH_PROTOCOL_PREFIX}${Buffer.from(this.member.token).toString('base64url')}`,
      ];
      const socket = new WebSocket(`ws://127.0.0.1:${this.port}${WEBSOCKET_PATH}`, protocols, {
        origin: this.origin,
        headers: { 'x-forwarded-for': this.member.ip },
      });
      this.socket = socket;
      socket.on('open', () => {
        this.open = true;
        for (const write of this.pending.values()) this.sendChat(write);
      });
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; id?: string; content?: string };
        if (frame.type !== 'chat') return;
        const write = [...this.pending.values()].find((entry) => entry.content === frame.content);
        if (write) {
          write.acked = true;
          write.ackedId = frame.id;
          this.pending.delete(write.key);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', (code) => {
        const wasOpen = this.open;
        this.open = false;
        resolve(wasOpen ? code : -1);
      });
    });
  }

  private sendChat(write: Write): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    write.attempts += 1;
    this.socket.send(JSON.stringify({ type: 'chat', content: write.content, idempotencyKey: write.key }));
  }

  async run(): Promise<void> {
    let failures = 0;
    let connectedBefore = false;
    const chatTimer = setInterval(() => {
      if (!this.open) return;
      // A message refused with an error frame (its service could not store it) goes again with its key.
      for (const write of this.pending.values()) this.sendChat(write);
      if (this.pending.size > 3) return;
      const write: Write = {
        kind: 'chat',
        key: randomUUID(),
        content: `chaos chat ${randomUUID()}`,
        phase: this.traffic.phase,
        attempts: 0,
        acked: false,
      };
      this.traffic.writes.push(write);
      this.pending.set(write.key, write);
      this.sendChat(write);
    }, 3000);
    while (!this.stopped) {
      const opening = this.connect();
      const opened = await Promise.race([
        opening.then(() => false),
        (async () => {
          while (!this.open && this.socket?.readyState !== WebSocket.CLOSED) await sleep(50);
          return this.open;
        })(),
      ]);
      if (opened) {
        if (connectedBefore) this.traffic.reconnects.push({ phase: this.traffic.phase, at: performance.now() });
        connectedBefore = true;
        failures = 0;
      }
      const code = await opening;
      if (this.stopped) break;
      if (code !== -1) this.traffic.closes.push({ phase: this.traffic.phase, code, at: performance.now() });
      else failures += 1;
      await sleep(Math.min(5000, 250 * 2 ** failures) * (0.5 + Math.random()));
    }
    clearInterval(chatTimer);
  }
}
