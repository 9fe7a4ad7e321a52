import { RPC, SUBJECTS, type UserEventPayload } from '@crucible/proto';
import type { Logger } from '../logging/logger.ts';
import type { EventBus, Subscription } from './event-bus.ts';
import { subscribeIdempotent, type IdempotentSubscriptionOptions } from './idempotent-consumer.ts';
import type { SqlExecutor } from './sql.ts';
import { createReplicaFiller, type ReplicaFiller, type ReplicaFillerOptions } from './replica-fill.ts';

/** The events of auth's users that every service with a users replica applies. */
export const AUTH_USER_SUBJECTS = [SUBJECTS.userCreated, SUBJECTS.userUpdated, SUBJECTS.userDeleted];

/** How a service writes its own users replica, inside the transaction that records the event. */
export interface UserReplicaWriter<Tx> {
  upsert(tx: Tx, user: UserEventPayload): Promise<unknown>;
  delete(tx: Tx, userId: string): Promise<unknown>;
}

export interface UserReplicationOptions<Tx extends SqlExecutor> extends Omit<
  IdempotentSubscriptionOptions<(typeof AUTH_USER_SUBJECTS)[number], Tx>,
  'subjects' | 'handler'
> {
  replica: UserReplicaWriter<Tx>;
}

/**
 * Keeps a service's users replica from auth's events, once per event (DESIGN.md section 2): a
 * deletion removes the row, a sign-up or change writes the whole user. `Tx` is the transaction
 * client `runInTransaction` hands out (Prisma's, typed by the service).
 */
export function replicateAuthUsers<Tx extends SqlExecutor>(options: UserReplicationOptions<Tx>): Promise<Subscription> {
  const { replica, ...subscription } = options;
  return subscribeIdempotent({
    ...subscription,
    subjects: AUTH_USER_SUBJECTS,
    handler: async (event, tx) => {
      if (event.subject === SUBJECTS.userDeleted) await replica.delete(tx, event.payload.id);
      else await replica.upsert(tx, event.payload);
    },
  });
}

/** Asks auth for a user the replica lacks (a sign-up or promotion whose event is not applied yet). */
export function authUserFiller(
  options: Pick<ReplicaFillerOptions<typeof RPC.authUser>, 'bus' | 'logger' | 'timeoutMs'> & {
    storeIfMissing: (user: UserEventPayload) => Promise<unknown>;
  },
): ReplicaFiller<UserEventPayload> {
  const { storeIfMissing, ...rest } = options;
  return createReplicaFiller({
    ...rest,
    subject: RPC.authUser,
    storeIfMissing: async (user) => void (await storeIfMissing(user)),
  });
}

/** A service's users replica: its rows, and what a deleted member takes with them. */
export interface ServiceUsersReplica<Tx extends SqlExecutor> extends Pick<
  UserReplicationOptions<Tx>,
  'schema' | 'runInTransaction'
> {
  rows: UserReplicaWriter<Tx> & { insertIfMissing(user: UserEventPayload): Promise<unknown> };
  /** The service's member purge, run in the deletion's transaction with the id lower-cased. */
  purgeMember(tx: Tx, userId: string): Promise<unknown>;
}

/**
 * The two halves every service with a users replica wires: `replicate` keeps it from auth's events
 * (a deletion also runs the service's member purge, in the transaction that records the event), and
 * `filler` asks auth for a user whose event has not arrived yet.
 */
export function serviceUsersReplica<Tx extends SqlExecutor>(replica: ServiceUsersReplica<Tx>) {
  const { rows, purgeMember, schema, runInTransaction } = replica;
  return {
    replicate: (bus: EventBus, logger: Logger, durable: string): Promise<Subscription> =>
      replicateAuthUsers<Tx>({
        bus,
        logger,
        durable,
        schema,
        runInTransaction,
        replica: {
          upsert: (tx, user) => rows.upsert(tx, user),
          async delete(tx, userId) {
            await rows.delete(tx, userId);
            await purgeMember(tx, userId.toLowerCase());
          },
        },
      }),
    filler: (bus: EventBus, logger: Logger): ReplicaFiller<UserEventPayload> =>
      authUserFiller({ bus, logger, storeIfMissing: (user) => rows.insertIfMissing(user) }),
  };
}
