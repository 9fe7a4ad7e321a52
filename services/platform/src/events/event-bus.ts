import type {
  BroadcastOf,
  EventEnvelope,
  EventOf,
  HandlerResultOf,
  ParsedRequestOf,
  ReplyOf,
  RequestOf,
} from '@crucible/proto';

export type { EventEnvelope, EventOf };

export interface Subscription {
  /** Stops delivery; messages in flight finish first. */
  stop(): Promise<void>;
}

export interface DurableSubscriptionOptions<S extends string = string> {
  /** Durable consumer name; one name is one position in the stream, shared by every replica. */
  durable: string;
  /** Subjects this consumer wants (wildcards allowed, e.g. `auth.user.*`). */
  subjects: S[];
  /**
   * Called once per delivery, with the payload parsed by its subject's schema (proto's
   * EVENT_PAYLOADS; a payload that does not parse is logged and dropped, never handed over).
   * Resolving acknowledges the event; throwing leaves it unacknowledged so the broker delivers it
   * again later (at-least-once; pair with an idempotent consumer).
   */
  handler: (event: EventOf<S>) => Promise<void>;
  /** Redelivery delay after a failed handler, default 1000 ms. */
  retryDelayMs?: number;
}

export interface EventBus {
  readonly kind: 'nats' | 'memory';
  /** Where it is, for the launcher's start-up line (e.g. `nats://127.0.0.1:4222`). */
  readonly location: string;
  /** NATS_NAMESPACE: the broker's stream names are namespacedStream(namespace, stream); '' for the in-process bus. */
  readonly namespace: string;
  /**
   * `event.subject` is the logical subject (`auth.user.created`); the bus adds its namespace.
   * Stores the event durably (a JetStream ack, or the in-process log) and resolves after that.
   * Publishing the same `id` twice stores it once (broker-side de-duplication). Rejects with an
   * EventBusUnavailableError when the broker cannot take it (the outbox relay retries later).
   */
  publish(event: EventEnvelope): Promise<void>;
  subscribe<S extends string>(options: DurableSubscriptionOptions<S>): Promise<Subscription>;
  /**
   * Service-to-service question, typed by proto's RPC_SCHEMAS as publishing is by the event map: the
   * answer is parsed by the subject's reply schema. Rejects with an EventBusUnavailableError on
   * timeout or no responder, and with an EventBusReplyError when the replier's handler threw, the
   * request did not match its schema (on an owner question that is a 400 answered as data instead),
   * or the answer does not match its schema.
   */
  request<S extends string>(subject: S, payload: RequestOf<S>, options?: { timeoutMs?: number }): Promise<ReplyOf<S>>;
  /**
   * Answers questions on a subject; replicas share the work (queue group). The handler receives the
   * request parsed by the subject's schema; on an owner question it returns the value and throws its
   * refusals, which the bus answers as data (`rpcAnswerSchema`).
   */
  reply<S extends string>(
    subject: S,
    handler: (request: ParsedRequestOf<S>) => Promise<HandlerResultOf<S>>,
  ): Promise<Subscription>;
  /**
   * Fire-and-forget fan-out to every subscriber of `subject` in every process (no stream, no queue
   * group): live pushes each instance filters for its own sockets, and changes each instance caches in
   * memory (a revoked session). Nothing is stored: a subscriber that is down misses it, so what it
   * caches must also expire on its own. Rejects with an EventBusUnavailableError while the broker is
   * down, so a caller holding a durable event can retry. The subject must lie outside every stream.
   */
  broadcast<S extends string>(subject: S, payload: BroadcastOf<S>): Promise<void>;
  /**
   * Every subscriber in every instance receives every broadcast on `subject` (wildcards allowed) sent
   * after this resolves; the handler gets the subject without the namespace, and the payload parsed by
   * its subject's schema (proto's BROADCAST_PAYLOADS; one that does not parse is logged and dropped).
   */
  subscribeBroadcast<S extends string>(
    subject: S,
    handler: (payload: BroadcastOf<S>, subject: string) => void,
  ): Promise<Subscription>;
  /** True while the broker connection is usable (for /readyz). */
  isHealthy(): Promise<boolean>;
  /** Drains subscriptions and closes the connection. */
  close(): Promise<void>;
}

/**
 * The broker or the service that should answer is not there (timeout, no responder, broker down).
 * `statusCode` lets the platform's error middleware answer 503 without knowing this class.
 */
export class EventBusUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'EventBusUnavailableError';
  }
}

/**
 * The replier was reached but its handler failed (the details stay in the replier's log), or its
 * answer does not match the subject's reply schema.
 */
export class EventBusReplyError extends Error {
  readonly statusCode = 502;

  constructor(subject: string, what = 'failed') {
    super(`The service answering ${subject} ${what}`);
    this.name = 'EventBusReplyError';
  }
}
