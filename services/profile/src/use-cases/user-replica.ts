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
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica, type KnownUser } from '../repositories/users.ts';
import type { Db } from '../repositories/db.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { PROFILE_SCHEMA, type ProfileContext } from './context.ts';

const USER_SUBJECTS = [SUBJECTS.userCreated, SUBJECTS.userUpdated, SUBJECTS.userDeleted];

async function applyUserEvent(event: EventOf<(typeof USER_SUBJECTS)[number]>, tx: Db): Promise<void> {
  if (event.subject === SUBJECTS.userDeleted) {
    await userReplica.delete(tx, event.payload.id);
    await purgeMember(tx, event.payload.id.toLowerCase());
  } else await userReplica.upsert(tx, event.payload);
}

/** Keeps the users replica (names, picture, level of every profile owner) from auth's events. */
export function replicateUsers(ctx: ProfileContext, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus: ctx.bus,
    durable,
    subjects: USER_SUBJECTS,
    schema: PROFILE_SCHEMA,
    logger: ctx.logger,
    runInTransaction: (work) => ctx.prisma.$transaction((tx) => work(tx as unknown as SqlExecutor)),
    handler: (event, tx) => applyUserEvent(event, tx as unknown as Db),
  });
}

/** Asks auth for a user the replica lacks (a sign-up whose event is not applied yet). */
export function userReplicaFiller(
  prisma: PrismaClient,
  bus: EventBus,
  logger: Logger,
): ReplicaFiller<UserEventPayload> {
  return createReplicaFiller({
    bus,
    subject: RPC.authUser,
    schema: userEventPayloadSchema,
    storeIfMissing: async (user) => void (await userReplica.insertIfMissing(prisma, user)),
    logger,
  });
}

/** A member whose sign-up event is not applied yet is asked of auth; null when auth knows no such id. */
export async function ensureUserKnown(ctx: ProfileContext, userId: string): Promise<KnownUser | null> {
  if (!(await ctx.users.fill(userId))) return null;
  return userReplica.findById(ctx.prisma, userId);
}
