import { isCoreOrAdmin, type UserEventPayload } from '@crucible/proto';
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
import type { Db } from '../repositories/db.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica } from '../repositories/users.ts';
import { PROJECT_SCHEMA, type ProjectContext, type Tx } from './context.ts';

/** A deleted member leaves the replica and takes with them what this service removes (member-purge.ts). */
const replicaWriter: UserReplicaWriter<Tx> = {
  upsert: (tx, user) => userReplica.upsert(tx, user),
  async delete(tx, userId) {
    await userReplica.delete(tx, userId);
    await purgeMember(tx, userId.toLowerCase());
  },
};

/** Keeps the users replica (who is Core, for assignees) from auth's events. */
export function replicateUsers(ctx: ProjectContext, bus: EventBus, durable: string): Promise<Subscription> {
  return replicateAuthUsers<Tx>({
    bus,
    durable,
    schema: PROJECT_SCHEMA,
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

/** The ids of `userIds` that are not Core members or admins (unknown to auth counts as not Core). */
export async function notCoreMembers(ctx: ProjectContext, db: Db, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const known = await userReplica.findMany(db, userIds);
  const filled = await ctx.users.fillMissing(
    userIds,
    known.map((user) => user.id),
  );
  const core = new Set([...known, ...filled].filter((user) => isCoreOrAdmin(user)).map((user) => user.id));
  return userIds.filter((id) => !core.has(id));
}
