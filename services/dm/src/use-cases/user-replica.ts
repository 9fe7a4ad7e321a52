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
import type { PrismaClient } from '../generated/prisma/client.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica } from '../repositories/users.ts';
import { DM_SCHEMA, type DmContext, type Tx } from './context.ts';

/** A deleted member leaves the replica and takes with them what this service removes (member-purge.ts). */
const replicaWriter: UserReplicaWriter<Tx> = {
  upsert: (tx, user) => userReplica.upsert(tx, user),
  async delete(tx, userId) {
    await userReplica.delete(tx, userId);
    await purgeMember(tx, userId.toLowerCase());
  },
};

/** Keeps the users replica (names and levels of conversation partners, who is an admin) from auth's events. */
export function replicateUsers(ctx: DmContext, bus: EventBus, durable: string): Promise<Subscription> {
  return replicateAuthUsers<Tx>({
    bus,
    durable,
    schema: DM_SCHEMA,
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
