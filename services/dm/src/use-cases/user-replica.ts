import { serviceUsersReplica } from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica } from '../repositories/users.ts';
import { DM_SCHEMA, type Tx } from './context.ts';

/**
 * The users replica (names and levels of conversation partners, who is an admin), kept from auth's
 * events; a deleted member leaves it and takes with them what this service removes
 * (member-purge.ts).
 */
export function usersReplica(prisma: PrismaClient) {
  return serviceUsersReplica<Tx>({
    schema: DM_SCHEMA,
    runInTransaction: (work) => prisma.$transaction(work),
    rows: {
      upsert: (tx, user) => userReplica.upsert(tx, user),
      delete: (tx, userId) => userReplica.delete(tx, userId),
      insertIfMissing: (user) => userReplica.insertIfMissing(prisma, user),
    },
    purgeMember: purgeMember,
  });
}
