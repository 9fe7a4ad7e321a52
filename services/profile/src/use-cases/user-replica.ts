import { type UserEventPayload } from '@crucible/proto';
import {
  authUserFiller,
  replicateAuthUsers,
  type EventBus,
  type Logger,
  type ReplicaFiller,
  type SqlExecutor,
  type Subscription,
  type UserReplicaWriter,
} from '@crucible/platform';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica, type KnownUser } from '../repositories/users.ts';
import type { Db } from '../repositories/db.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { PROFILE_SCHEMA, type ProfileContext } from './context.ts';

/** A deleted member leaves the replica and takes with them what this service removes (member-purge.ts). */
const replicaWriter: UserReplicaWriter<Db> = {
  upsert: (tx, user) => userReplica.upsert(tx, user),
  async delete(tx, userId) {
    await userReplica.delete(tx, userId);
    await purgeMember(tx, userId.toLowerCase());
  },
};

/** Keeps the users replica (names, picture, level of every profile owner) from auth's events. */
export function replicateUsers(ctx: ProfileContext, durable: string): Promise<Subscription> {
  return replicateAuthUsers<Db>({
    bus: ctx.bus,
    durable,
    schema: PROFILE_SCHEMA,
    logger: ctx.logger,
    runInTransaction: (work) => ctx.prisma.$transaction((tx) => work(tx as unknown as SqlExecutor)),
    replica: replicaWriter,
  });
}

/** Asks auth for a user the replica lacks (a sign-up whose event is not applied yet). */
export function userReplicaFiller(
  prisma: PrismaClient,
  bus: EventBus,
  logger: Logger,
): ReplicaFiller<UserEventPayload> {
  return authUserFiller({ bus, logger, storeIfMissing: (user) => userReplica.insertIfMissing(prisma, user) });
}

/** A member whose sign-up event is not applied yet is asked of auth; null when auth knows no such id. */
export async function ensureUserKnown(ctx: ProfileContext, userId: string): Promise<KnownUser | null> {
  if (!(await ctx.users.fill(userId))) return null;
  return userReplica.findById(ctx.prisma, userId);
}
