export { startBusEndpoints, type BusEndpoint } from './bus-endpoints.ts';
export {
  EventBusReplyError,
  EventBusUnavailableError,
  type DurableSubscriptionOptions,
  type EventBus,
  type EventEnvelope,
  type EventOf,
  type Subscription,
} from './event-bus.ts';
export {
  deleteProcessedEventsOlderThan,
  subscribeIdempotent,
  type IdempotentSubscriptionOptions,
} from './idempotent-consumer.ts';
export type { EventsLogger } from './logger.ts';
export { createMemoryEventBus } from './memory-event-bus.ts';
export { createNatsEventBus, type NatsEventBusOptions } from './nats-event-bus.ts';
export { NAMESPACE_PATTERN, namespacedStream, namespacedSubject } from './namespace.ts';
export {
  createOutboxRelay,
  enqueueEvent,
  newEvent,
  type EmitEvent,
  type OutboxRelay,
  type OutboxRelayOptions,
} from './outbox.ts';
export { createReplicaFiller, type ReplicaFiller, type ReplicaFillerOptions } from './replica-fill.ts';
export {
  AUTH_USER_SUBJECTS,
  authUserFiller,
  replicateAuthUsers,
  serviceUsersReplica,
  type ServiceUsersReplica,
  type UserReplicaWriter,
  type UserReplicationOptions,
} from './user-replica.ts';
export { PROCESSED_EVENTS_MAX_AGE_MS, STREAM_MAX_AGE_MS } from './retention.ts';
export type { SqlExecutor } from './sql.ts';
export {
  answerDataExportRequests,
  dataExportPage,
  readDataExportFiles,
  readDataExportSections,
  requestDataExportPart,
  type DataExportSections,
  type GatheredDataExportPart,
  type DataExportSqlSource,
} from './data-export.ts';
