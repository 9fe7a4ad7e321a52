import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type WebSocket from 'ws';
import { BROADCASTS, type BroadcastOf, type ContactViewer, type ServerSocketMessage } from '@crucible/proto';
import type { EventBus, Logger, Subscription } from '@crucible/platform';
import { chatFramesFor, type ChatPush } from './contact-frames.ts';

export interface Connection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  token: string;
  /** Who reads this socket's frames, for the e-mails they may see (contact privacy). */
  viewer: ContactViewer;
}

/** Members whose settings changed (their list entries are described again), or none: ids only. */
export type PresenceChange = BroadcastOf<typeof BROADCASTS.livePresenceChanged>;
type UsersPush = BroadcastOf<typeof BROADCASTS.liveToUsers>;

/** Pushes remembered per instance to drop redeliveries; far more than arrive within a broker outage. */
const DELIVERED_KEYS = 100_000;

/** This instance's sockets by member, and the pushes between instances. */
export class LiveHub {
  readonly instanceId = randomUUID();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly delivered = new LRUCache<string, true>({ max: DELIVERED_KEYS });
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  async start(onPresenceChanged: (change: PresenceChange) => void): Promise<void> {
    this.subscriptions.push(
      await this.bus.subscribeBroadcast(BROADCASTS.liveToUsers, (push) => this.deliverToUsers(push)),
      await this.bus.subscribeBroadcast(BROADCASTS.liveChat, (push) => this.sendChat(push)),
      await this.bus.subscribeBroadcast(BROADCASTS.livePresenceChanged, onPresenceChanged),
      await this.bus.subscribeBroadcast(BROADCASTS.liveSessionRevoked, ({ sessionId }) => this.closeSession(sessionId)),
    );
  }

  async stop(): Promise<void> {
    for (const subscription of this.subscriptions.splice(0)) await subscription.stop();
  }

  /** Returns true when it is the member's first socket on this instance. */
  add(connection: Connection): boolean {
    let sockets = this.byUser.get(connection.userId);
    const first = !sockets;
    if (!sockets) this.byUser.set(connection.userId, (sockets = new Set()));
    sockets.add(connection);
    return first;
  }

  /** How many sockets the member holds on this instance. */
  socketCountOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Returns true when it was the member's last socket on this instance. */
  remove(connection: Connection): boolean {
    const sockets = this.byUser.get(connection.userId);
    if (!sockets?.delete(connection)) return false;
    if (sockets.size > 0) return false;
    this.byUser.delete(connection.userId);
    return true;
  }

  userIds(): string[] {
    return [...this.byUser.keys()];
  }

  connections(): Connection[] {
    return [...this.byUser.values()].flatMap((sockets) => [...sockets]);
  }

  /** To the members' sockets on every instance; rejects while the broker is down (the caller's event is retried). */
  pushToUsers(userIds: string[], key: string, message: ServerSocketMessage): Promise<void> {
    return this.bus.broadcast(BROADCASTS.liveToUsers, { userIds, key, message } satisfies UsersPush);
  }

  /** A chat message to every socket of every instance, its sender named as each viewer may read them. */
  pushChat(push: ChatPush): Promise<void> {
    return this.bus.broadcast(BROADCASTS.liveChat, push);
  }

  announcePresenceChange(changedMemberIds?: string[]): Promise<void> {
    return this.bus.broadcast(BROADCASTS.livePresenceChanged, {
      instanceId: this.instanceId,
      changedMemberIds,
    } satisfies PresenceChange);
  }

  announceSessionRevoked(sessionId: string): Promise<void> {
    return this.bus.broadcast(BROADCASTS.liveSessionRevoked, { sessionId });
  }

  /** A frame that depends on who reads it (`frameFor` encodes once per audience). */
  sendPerViewer(frameFor: (viewer: ContactViewer) => Buffer): void {
    for (const sockets of this.byUser.values())
      for (const connection of sockets) send(connection, frameFor(connection.viewer));
  }

  sendChat(push: ChatPush): void {
    this.sendPerViewer(chatFramesFor(push));
  }

  sendToUser(userId: string, message: ServerSocketMessage): void {
    const frame = Buffer.from(JSON.stringify(message));
    for (const connection of this.byUser.get(userId) ?? []) send(connection, frame);
  }

  closeSession(sessionId: string): void {
    for (const connection of this.connections()) {
      if (connection.sessionId === sessionId) connection.socket.close(1008, 'Session ended');
    }
  }

  private deliverToUsers(push: UsersPush): void {
    for (const userId of push.userIds) {
      const deliveryKey = `${push.key}:${userId}`;
      if (this.delivered.has(deliveryKey)) continue;
      this.delivered.set(deliveryKey, true);
      this.sendToUser(userId, push.message);
    }
    this.logger.debug({ key: push.key }, 'live push delivered');
  }
}

/** A text frame from bytes already encoded as UTF-8. */
function send(connection: Connection, frame: Buffer): void {
  if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(frame, { binary: false });
}
