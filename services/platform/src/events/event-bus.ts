import type { EventEnvelope, EventOf } from '@crucible/proto';

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
   * Service-to-service question. Rejects with an EventBusUnavailableError on timeout or no responder,
   * and with an EventBusReplyError when the replier's handler threw.
   */
  request<Answer>(subject: string, payload: unknown, options?: { timeoutMs?: number }): Promise<Answer>;
  /** Answers questions on a subject; replicas share the work (queue group). */
  reply(subject: string, handler: (payload: unknown) => Promise<unknown>): Promise<Subscription>;
  /**
   * Fire-and-forget fan-out to every subscriber of `subject` in every process (no stream, no queue
   * group): live pushes each instance filters for its own sockets, and changes each instance caches in
   * memory (a revoked session). Nothing is stored: a subscriber that is down misses it, so what it
   * caches must also expire on its own. Rejects with an EventBusUnavailableError while the broker is
   * down, so a caller holding a durable event can retry. The subject must lie outside every stream.
   */
  broadcast(subject: string, payload: unknown): Promise<void>;
  /**
   * Every subscriber in every instance receives every broadcast on `subject` (wildcards allowed) sent
   * after this resolves; the handler gets the subject without the namespace.
   */
  subscribeBroadcast(subject: string, handler: (payload: unknown, subject: string) => void): Promise<Subscription>;
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

/** The replier was reached but its handler failed; the details stay in the replier's log. */
export class EventBusReplyError extends Error {
  readonly statusCode = 502;

  constructor(subject: string) {
    super(`The service answering ${subject} failed`);
    this.name = 'EventBusReplyError';
  }
}
