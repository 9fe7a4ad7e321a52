export {
  EventBusReplyError,
  EventBusUnavailableError,
  type DurableSubscriptionOptions,
  type EventBus,
  type EventEnvelope,
  type Subscription,
} from './event-bus.ts';
export { subscribeIdempotent, type IdempotentSubscriptionOptions } from './idempotent-consumer.ts';
export type { EventsLogger } from './logger.ts';
export { createMemoryEventBus } from './memory-event-bus.ts';
export { createNatsEventBus, type NatsEventBusOptions } from './nats-event-bus.ts';
export { createOutboxRelay, enqueueEvent, newEvent, type OutboxRelay, type OutboxRelayOptions } from './outbox.ts';
export type { SqlExecutor } from './sql.ts';
