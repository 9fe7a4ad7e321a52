import { RPC, SUBJECTS, userEventPayloadSchema, type EventOf, type UserEventPayload } from '@crucible/proto';
import {
  createReplicaFiller,
  subscribeIdempotent,
  type EventBus,
  type Logger,
  type ReplicaFiller,
  type SqlExecutor,
  type Subscription,
} from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica } from '../repositories/users.ts';
import { DM_SCHEMA, type DmContext, type Tx } from './context.ts';

const USER_SUBJECTS = [SUBJECTS.userCreated, SUBJECTS.userUpdated, SUBJECTS.userDeleted];

/** Applies one auth.user.* event (its payload already parsed by the bus) to the replica. */
async function applyUserEvent(event: EventOf<(typeof USER_SUBJECTS)[number]>, tx: Tx): Promise<void> {
  if (event.subject === SUBJECTS.userDeleted) {
    await userReplica.delete(tx, event.payload.id);
    await purgeMember(tx, event.payload.id.toLowerCase());
  } else await userReplica.upsert(tx, event.payload);
}

/** Keeps the users replica (names and levels of conversation partners, who is an admin) from auth's events. */
export function replicateUsers(ctx: DmContext, bus: EventBus, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus,
    durable,
    subjects: USER_SUBJECTS,
    schema: DM_SCHEMA,
    logger: ctx.logger,
    runInTransaction: (work) => ctx.prisma.$transaction((tx) => work(tx as unknown as SqlExecutor)),
    handler: (event, tx) => applyUserEvent(event, tx as unknown as Tx),
  });
}

/** Asks auth for a member the replica lacks (a sign-up whose event is not applied yet). */
export function userReplicaFiller(
  prisma: PrismaClient,
  bus: EventBus,
  logger: Logger,
): ReplicaFiller<UserEventPayload> {
  return createReplicaFiller({
    bus,
    subject: RPC.authUser,
    schema: userEventPayloadSchema,
    storeIfMissing: (user) => userReplica.insertIfMissing(prisma, user),
    logger,
  });
}
