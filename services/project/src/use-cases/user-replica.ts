import {
  RPC,
  SUBJECTS,
  isCoreOrAdmin,
  userEventPayloadSchema,
  type EventOf,
  type UserEventPayload,
} from '@crucible/proto';
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
import type { Db } from '../repositories/db.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica } from '../repositories/users.ts';
import { PROJECT_SCHEMA, type ProjectContext, type Tx } from './context.ts';

const USER_SUBJECTS = [SUBJECTS.userCreated, SUBJECTS.userUpdated, SUBJECTS.userDeleted];

async function applyUserEvent(event: EventOf<(typeof USER_SUBJECTS)[number]>, tx: Tx): Promise<void> {
  if (event.subject === SUBJECTS.userDeleted) {
    await userReplica.delete(tx, event.payload.id);
    await purgeMember(tx, event.payload.id.toLowerCase());
  } else await userReplica.upsert(tx, event.payload);
}

/** Keeps the users replica (who is Core, for assignees) from auth's events. */
export function replicateUsers(ctx: ProjectContext, bus: EventBus, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus,
    durable,
    subjects: USER_SUBJECTS,
    schema: PROJECT_SCHEMA,
    logger: ctx.logger,
    runInTransaction: (work) => ctx.prisma.$transaction((tx) => work(tx as unknown as SqlExecutor)),
    handler: (event, tx) => applyUserEvent(event, tx as unknown as Tx),
  });
}

/** Asks auth for a user the replica lacks (a member promoted or signed up whose event is not applied yet). */
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
