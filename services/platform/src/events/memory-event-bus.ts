import type { EventEnvelope } from '@crucible/proto';
import { EventBusReplyError, EventBusUnavailableError, type EventBus, type Subscription } from './event-bus.ts';
import { InFlight } from './in-flight.ts';
import type { EventsLogger } from './logger.ts';
import { matchesAnyFilter, subjectMatches } from './subjects.ts';
import { checkPayload, checkReply, parsedSubscription, parsingListener, parsingReplier } from './typed-events.ts';

const DEFAULT_RETRY_DELAY_MS = 1_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;

/** Events are kept as JSON, as a broker keeps bytes: every delivery is a fresh copy. */
interface StoredEvent {
  subject: string;
  json: string;
}

type Handler = (event: EventEnvelope) => Promise<void>;

interface Member {
  durable: string;
  handler: Handler;
  retryDelayMs: number;
  busy: boolean;
  inFlight: InFlight;
}

/**
 * One durable name: a position in the log shared by every subscription using the name, plus the
 * events waiting for redelivery. It outlives its subscriptions, as a JetStream durable consumer does.
 */
class DurableGroup {
  filters: readonly string[] = [];
  private cursor = 0;
  private readonly redeliveries: StoredEvent[] = [];
  private readonly members: Member[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private nextMember = 0;

  constructor(
    private readonly log: readonly StoredEvent[],
    private readonly logger: EventsLogger | undefined,
  ) {}

  join(member: Member): void {
    this.members.push(member);
    this.dispatch();
  }

  leave(member: Member): void {
    remove(this.members, member);
  }

  /** Hands waiting events to idle members, round-robin, each member one event at a time. */
  dispatch(): void {
    for (let member = this.idleMember(); member; member = this.idleMember()) {
      const event = this.nextEvent();
      if (event === undefined) return;
      void member.inFlight.track(this.deliver(member, event));
    }
  }

  clearRetryTimers(): void {
    for (const timer of this.retryTimers) clearTimeout(timer);
  }

  private idleMember(): Member | undefined {
    for (let tried = 0; tried < this.members.length; tried += 1) {
      const member = this.members[(this.nextMember + tried) % this.members.length]!;
      if (!member.busy) {
        this.nextMember = (this.nextMember + tried + 1) % this.members.length;
        return member;
      }
    }
    return undefined;
  }

  private nextEvent(): StoredEvent | undefined {
    const redelivery = this.redeliveries.shift();
    if (redelivery) return redelivery;
    while (this.cursor < this.log.length) {
      const event = this.log[this.cursor++]!;
      if (matchesAnyFilter(this.filters, event.subject)) return event;
    }
    return undefined;
  }

  private async deliver(member: Member, event: StoredEvent): Promise<void> {
    member.busy = true;
    const envelope = JSON.parse(event.json) as EventEnvelope;
    const checked = checkPayload(envelope);
    try {
      if (checked.ok) await member.handler(checked.event);
      else
        this.logger?.error(
          { eventId: envelope.id, subject: envelope.subject, durable: member.durable, issues: checked.issues },
          'dropping an event whose payload does not match its subject',
        );
    } catch (error) {
      this.logger?.warn(
        { err: error, eventId: envelope.id, subject: envelope.subject, durable: member.durable },
        'event handler failed; it will be redelivered',
      );
      this.redeliverLater(event, member.retryDelayMs);
    } finally {
      member.busy = false;
      setImmediate(() => this.dispatch());
    }
  }

  private redeliverLater(event: StoredEvent, delayMs: number): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.redeliveries.push(event);
      this.dispatch();
    }, delayMs);
    this.retryTimers.add(timer);
  }
}

interface Replier {
  subject: string;
  handler: (payload: unknown) => Promise<unknown>;
  inFlight: InFlight;
  logger: EventsLogger | undefined;
}

/**
 * The one-process bus: the same semantics as the NATS bus (durable positions, de-duplication by
 * id, redelivery after a failed handler, wildcard subjects, request-reply) without a broker.
 * It takes no namespace: nothing outside its process can see it, so there is nothing to keep apart.
 */
export function createMemoryEventBus(options: { logger?: EventsLogger } = {}): EventBus {
  const { logger } = options;
  const log: StoredEvent[] = [];
  const storedIds = new Set<string>();
  const groups = new Map<string, DurableGroup>();
  const repliers: Replier[] = [];
  const broadcastListeners: { subject: string; handler: (payload: unknown, subject: string) => void }[] = [];
  const subscriptions = new Set<Subscription>();
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new EventBusUnavailableError('The in-process event bus is closed');
  }

  function groupFor(durable: string): DurableGroup {
    let group = groups.get(durable);
    if (!group) groups.set(durable, (group = new DurableGroup(log, logger)));
    return group;
  }

  /** Keeps a subscription for close(); stopping it twice is harmless. */
  function remember(stop: () => Promise<void>): Subscription {
    const subscription: Subscription = {
      async stop() {
        if (subscriptions.delete(subscription)) await stop();
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    kind: 'memory',
    location: 'in-process',
    namespace: '',

    async publish(event) {
      assertOpen();
      // NATS forgets ids after its duplicate window; this process-long memory is stricter, never looser.
      if (storedIds.has(event.id)) return;
      storedIds.add(event.id);
      log.push({ subject: event.subject, json: JSON.stringify(event) });
      setImmediate(() => groups.forEach((group) => group.dispatch()));
    },

    async subscribe(options) {
      assertOpen();
      const { durable, subjects, handler, retryDelayMs = DEFAULT_RETRY_DELAY_MS } = parsedSubscription(options);
      const group = groupFor(durable);
      group.filters = subjects;
      // The payload was checked against its subject's schema in deliver().
      const member: Member = { durable, handler, retryDelayMs, busy: false, inFlight: new InFlight() };
      group.join(member);
      return remember(async () => {
        group.leave(member);
        await member.inFlight.settled();
      });
    },

    async request(subject, payload, options) {
      assertOpen();
      const replier = pickReplier(repliers, subject);
      if (!replier) throw new EventBusUnavailableError(`Nobody answered ${subject}`);
      const answer = replier.inFlight.track(answerOnce(replier, subject, payload));
      const received = await withTimeout(answer, options?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, subject);
      return checkReply(subject, received);
    },

    async reply(subject, handler) {
      assertOpen();
      const replier: Replier = { subject, handler: parsingReplier(subject, handler), inFlight: new InFlight(), logger };
      repliers.push(replier);
      return remember(async () => {
        remove(repliers, replier);
        await replier.inFlight.settled();
      });
    },

    async broadcast(subject, payload) {
      assertOpen();
      // A copy per listener, as each NATS subscriber parses its own.
      const json = JSON.stringify(payload ?? null);
      setImmediate(() => {
        for (const listener of broadcastListeners.filter((each) => subjectMatches(each.subject, subject))) {
          try {
            listener.handler(JSON.parse(json), subject);
          } catch (error) {
            logger?.error({ err: error, subject }, 'broadcast handler failed');
          }
        }
      });
    },

    async subscribeBroadcast(subject, handler) {
      assertOpen();
      const parsing = parsingListener(handler, (received, issues) =>
        logger?.error({ subject: received, issues }, 'dropping a broadcast whose payload does not match its subject'),
      );
      const listener = { subject, handler: parsing };
      broadcastListeners.push(listener);
      return remember(async () => remove(broadcastListeners, listener));
    },

    async isHealthy() {
      return !closed;
    },

    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      groups.forEach((group) => group.clearRetryTimers());
    },
  };
}

function remove<T>(items: T[], item: T): void {
  const index = items.indexOf(item);
  if (index >= 0) items.splice(index, 1);
}

/** Replicas answering one subject share the questions, like a NATS queue group: a random one answers. */
function pickReplier(repliers: readonly Replier[], subject: string): Replier | undefined {
  const candidates = repliers.filter((replier) => subjectMatches(replier.subject, subject));
  return candidates[Math.floor(Math.random() * candidates.length)];
}

/** Payload and answer cross as JSON, as they would over the wire. */
async function answerOnce(replier: Replier, subject: string, payload: unknown): Promise<unknown> {
  let answer: unknown;
  try {
    answer = await replier.handler(JSON.parse(JSON.stringify(payload ?? null)));
  } catch (error) {
    replier.logger?.error({ err: error, subject }, 'request handler failed');
    throw new EventBusReplyError(subject);
  }
  return answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
}

async function withTimeout<T>(work: Promise<T>, timeoutMs: number, subject: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new EventBusUnavailableError(`Nobody answered ${subject} within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
