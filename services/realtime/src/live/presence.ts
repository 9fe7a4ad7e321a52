import type { ContactViewer } from '@crucible/proto';
import type { Cache, Logger } from '@crucible/platform';
import { framesByAudience, type ListedMember } from './contact-frames.ts';
import type { LiveHub } from './hub.ts';

const ONLINE_SET = 'presence:online';
const entryKey = (entry: string) => `presence:entry:${entry}`;
const instanceKey = (instanceId: string) => `presence:instance:${instanceId}`;
/**
 * Each instance says it is alive every INSTANCE_BEAT_MS in a key that lapses after
 * INSTANCE_TTL_SECONDS: the members of an instance that died (no memberLeft ever ran) leave every
 * other instance's list within about that long, instead of when their entries expire.
 */
const INSTANCE_BEAT_MS = 2_000;
const INSTANCE_TTL_SECONDS = 6;

/**
 * Who is online, shared by every instance through the cache (Redis, or memory on one machine).
 * Each instance writes one expiring entry per member it holds sockets for, so a member with several
 * tabs, on one instance or several, is online once, and an instance that dies stops counting when
 * its entries expire.
 */
export class Presence {
  private refreshTimer: NodeJS.Timeout | undefined;
  private beatTimer: NodeJS.Timeout | undefined;
  /** Other instances whose members this one lists, checked at every beat. */
  private otherInstances = new Set<string>();
  private pushTimer: NodeJS.Timeout | undefined;
  /** online_users_changed pushes this instance made (the benchmark reports it). */
  updatesPushed = 0;
  /** What this instance's sockets were told: every online id, and the listed (not hidden) users. */
  private view: { ids: Set<string>; visible: Map<string, ListedMember> } | undefined;
  /** Members whose settings changed since the last push: described again at the next one. */
  private changed = new Set<string>();
  /** The full list's frames, kept until the next change: a burst of connections serializes it once per audience. */
  private fullFrames: ((viewer: ContactViewer) => Buffer) | undefined;
  /** Full lists and changes go out one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      cache: Cache;
      hub: LiveHub;
      logger: Logger;
      ttlSeconds: number;
      coalesceMs: number;
      /** Resolves ids to online users with their contact tier, leaving out those who hide their status. */
      describe: (userIds: string[]) => Promise<ListedMember[]>;
    },
  ) {}

  start(): void {
    // Refreshed at a third of the expiry, so one slow round does not drop anyone.
    this.refreshTimer = setInterval(() => void this.refresh(), (this.deps.ttlSeconds * 1000) / 3);
    this.refreshTimer.unref();
    void this.beat();
    this.beatTimer = setInterval(() => void this.beat(), INSTANCE_BEAT_MS);
    this.beatTimer.unref();
  }

  stop(): void {
    clearInterval(this.refreshTimer);
    clearInterval(this.beatTimer);
    clearTimeout(this.pushTimer);
  }

  private entry(userId: string): string {
    return `${userId}:${this.deps.hub.instanceId}`;
  }

  async memberArrived(userId: string): Promise<void> {
    await this.quietly(async () => {
      await this.deps.cache.set(entryKey(this.entry(userId)), '1', { ttlSeconds: this.deps.ttlSeconds });
      await this.deps.cache.addToSet(ONLINE_SET, this.entry(userId));
    });
    await this.announce();
  }

  async memberLeft(userId: string): Promise<void> {
    await this.quietly(async () => {
      await this.deps.cache.delete(entryKey(this.entry(userId)));
      await this.deps.cache.removeFromSet(ONLINE_SET, this.entry(userId));
    });
    await this.announce();
  }

  /** This instance is alive; an instance listed here that stopped saying so has died: update the list. */
  private async beat(): Promise<void> {
    await this.quietly(async () => {
      await this.deps.cache.set(instanceKey(this.deps.hub.instanceId), '1', { ttlSeconds: INSTANCE_TTL_SECONDS });
      const others = [...this.otherInstances];
      const alive = await Promise.all(others.map((id) => this.deps.cache.get(instanceKey(id))));
      if (alive.some((value) => !value)) this.scheduleUpdate();
    });
  }

  /** Ids of members online on any live instance; empty when the cache is down. */
  async onlineIds(): Promise<string[]> {
    const ids = await this.quietly(async () => {
      const entries = await this.deps.cache.setMembers(ONLINE_SET);
      const instanceOf = (entry: string) => entry.slice(entry.indexOf(':') + 1);
      const self = this.deps.hub.instanceId;
      const instances = [...new Set(entries.map(instanceOf))].filter((id) => id !== self);
      const liveInstances = new Set<string>([self]);
      await Promise.all(
        instances.map(async (id) => {
          if (await this.deps.cache.get(instanceKey(id))) liveInstances.add(id);
        }),
      );
      this.otherInstances = new Set([...liveInstances].filter((id) => id !== self));
      const alive = await Promise.all(
        entries.map(async (entry) => {
          if (liveInstances.has(instanceOf(entry)) && (await this.deps.cache.get(entryKey(entry)))) return entry;
          await this.deps.cache.removeFromSet(ONLINE_SET, entry);
          return undefined;
        }),
      );
      return [...new Set(alive.filter((entry) => entry !== undefined).map((entry) => entry.split(':')[0]!))];
    });
    return ids ?? [];
  }

  async online(): Promise<ListedMember[]> {
    return this.deps.describe(await this.onlineIds());
  }

  /**
   * The full list for one socket that just connected, as a frame. It is this instance's view, the one
   * the next change is computed from, and it goes out in the same queue as the changes: the list and
   * then every change in order give each socket exactly what the instance sees.
   */
  fullList(viewer: ContactViewer, send: (frame: Buffer) => void): Promise<void> {
    return this.serially(async () => {
      if (!this.view) {
        const ids = await this.onlineIds();
        this.view = { ids: new Set(ids), visible: new Map((await this.deps.describe(ids)).map((u) => [u.id, u])) };
      }
      this.fullFrames ??= framesByAudience([...this.view.visible.values()], (users) => ({
        type: 'online_users_update',
        users,
      }));
      send(this.fullFrames(viewer));
    });
  }

  /** A member's settings changed (shown or hidden, contact tier): their entry is described again. */
  memberChanged(userId: string): void {
    this.changed.add(userId);
    this.scheduleUpdate();
  }

  /** Called for every presence change anywhere: many changes within the window make one push. */
  scheduleUpdate(): void {
    if (this.pushTimer) return;
    this.pushTimer = setTimeout(() => {
      this.pushTimer = undefined;
      void this.serially(() => this.pushChanges());
    }, this.deps.coalesceMs);
    this.pushTimer.unref();
  }

  /**
   * Who came, who left and whose entry changed since the view, to every socket of this instance: a few
   * entries, not the list. A changed entry comes again among the joined (the client replaces it).
   */
  private async pushChanges(): Promise<void> {
    const view = this.view;
    const changed = new Set(this.changed);
    this.changed.clear();
    if (!view) return;
    if (this.deps.hub.userIds().length === 0) {
      // Nobody here holds the list; the next socket gets a fresh one.
      this.view = undefined;
      this.fullFrames = undefined;
      return;
    }
    const ids = new Set(await this.onlineIds());
    const describeIds = [...ids].filter((id) => !view.ids.has(id) || changed.has(id));
    const leftIds = [...view.ids].filter((id) => !ids.has(id));
    if (describeIds.length === 0 && leftIds.length === 0) return;
    // Members who hide their status are in the ids (so they are not asked about again) but never listed.
    const joined = describeIds.length > 0 ? await this.deps.describe(describeIds) : [];
    const listed = new Set(joined.map((user) => user.id));
    const nowHidden = describeIds.filter((id) => view.ids.has(id) && !listed.has(id));
    const left = [...leftIds, ...nowHidden].filter((id) => view.visible.has(id));
    view.ids = ids;
    for (const id of left) view.visible.delete(id);
    for (const user of joined) view.visible.set(user.id, user);
    if (joined.length === 0 && left.length === 0) return;
    this.fullFrames = undefined;
    this.updatesPushed += 1;
    this.deps.hub.sendPerViewer(
      framesByAudience(joined, (users) => ({ type: 'online_users_changed', joined: users, left })),
    );
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => {
      this.deps.logger.warn({ err: error }, 'could not update the online users');
    });
    this.queue = next;
    return next;
  }

  private async announce(): Promise<void> {
    // Without the broker the other instances learn at their next change; this one updates at once.
    this.scheduleUpdate();
    await this.deps.hub.announcePresenceChange().catch(() => undefined);
  }

  private async refresh(): Promise<void> {
    await this.quietly(async () => {
      for (const userId of this.deps.hub.userIds()) {
        await this.deps.cache.set(entryKey(this.entry(userId)), '1', { ttlSeconds: this.deps.ttlSeconds });
        await this.deps.cache.addToSet(ONLINE_SET, this.entry(userId));
      }
    });
  }

  /** Presence is best effort: with Redis down it answers empty and the sockets carry on. */
  private async quietly<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'presence unavailable (cache down)');
      return undefined;
    }
  }
}
