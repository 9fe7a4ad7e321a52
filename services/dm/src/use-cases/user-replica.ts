import { type UserEventPayload } from '@crucible/proto';
import {
  authUserFiller,
  replicateAuthUsers,
  type EventBus,
  type Logger,
  type ReplicaFiller,
  type SqlExecutor,
  type Subscription,
} from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { userReplica } from '../repositories/users.ts';
import { DM_SCHEMA, type DmContext, type Tx } from './context.ts';

/** Keeps the users replica (names and levels of conversation partners, who is an admin) from auth's events. */
export function replicateUsers(ctx: DmContext, bus: EventBus, durable: string): Promise<Subscription> {
  return replicateAuthUsers<Tx>({
    bus,
    durable,
    schema: DM_SCHEMA,
    logger: ctx.logger,
    runInTransaction: (work) => ctx.prisma.$transaction((tx) => work(tx as unknown as SqlExecutor)),
    replica: userReplica,
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
