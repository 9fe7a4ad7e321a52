import { PROJECT_MESSAGES, isCoreOrAdmin, isReachable, type UserEventPayload } from '@crucible/proto';
import { serviceUsersReplica } from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Db } from '../repositories/db.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica, type KnownUser } from '../repositories/users.ts';
import { PROJECT_SCHEMA, type Tx, type ProjectContext } from './context.ts';

/**
 * The users replica (who is Core and reachable, for assignees), kept from auth's events; a deleted member leaves
 * it and takes with them what this service removes (member-purge.ts).
 */
export function usersReplica(prisma: PrismaClient) {
  return serviceUsersReplica<Tx>({
    schema: PROJECT_SCHEMA,
    runInTransaction: (work) => prisma.$transaction(work),
    rows: {
      upsert: (tx, user) => userReplica.upsert(tx, user),
      delete: (tx, userId) => userReplica.delete(tx, userId),
      insertIfMissing: (user) => userReplica.insertIfMissing(prisma, user),
    },
    purgeMember: purgeMember,
  });
}

/**
 * Why `userIds` cannot be assigned, or null when they all can: each must be a Core member or admin
 * (unknown to auth counts as not Core) whose account is active and not suspended.
 */
export async function assigneeRefusal(ctx: ProjectContext, db: Db, userIds: string[]): Promise<string | null> {
  if (userIds.length === 0) return null;
  const known = await userReplica.findMany(db, userIds);
  const filled = await ctx.users.fillMissing(
    userIds,
    known.map((user) => user.id),
  );
  const users = new Map<string, KnownUser | UserEventPayload>([...known, ...filled].map((user) => [user.id, user]));
  const people = userIds.map((id) => users.get(id));
  if (people.some((user) => !user || !isCoreOrAdmin(user))) return PROJECT_MESSAGES.assigneeNotCore;
  if (people.some((user) => !isReachable(user!))) return PROJECT_MESSAGES.assigneeUnavailable;
  return null;
}
