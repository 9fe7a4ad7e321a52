import { isCoreOrAdmin } from '@crucible/proto';
import { serviceUsersReplica, type SqlExecutor } from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Db } from '../repositories/db.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica } from '../repositories/users.ts';
import { PROJECT_SCHEMA, type Tx, type ProjectContext } from './context.ts';

/**
 * The users replica (who is Core, for assignees), kept from auth's events; a deleted member leaves
 * it and takes with them what this service removes (member-purge.ts).
 */
export function usersReplica(prisma: PrismaClient) {
  return serviceUsersReplica<Tx>({
    schema: PROJECT_SCHEMA,
    runInTransaction: (work) => prisma.$transaction((tx) => work(tx as unknown as SqlExecutor)),
    rows: {
      upsert: (tx, user) => userReplica.upsert(tx, user),
      delete: (tx, userId) => userReplica.delete(tx, userId),
      insertIfMissing: (user) => userReplica.insertIfMissing(prisma, user),
    },
    purgeMember: purgeMember,
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
