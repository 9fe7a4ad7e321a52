import { serviceUsersReplica, type BlobStore } from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica, type KnownUser } from '../repositories/users.ts';
import type { Db } from '../repositories/db.ts';
import { PROFILE_SCHEMA, type ProfileContext } from './context.ts';

/**
 * The users replica (names, picture, level of every profile owner), kept from auth's events; a
 * deleted member leaves it and takes with them what this service removes (member-purge.ts), their
 * picture's file included. The file goes before the event's transaction commits: should the commit
 * fail, the event comes again and the purge finishes, so nothing is left half-erased.
 */
export function usersReplica(prisma: PrismaClient, blobs: Pick<BlobStore, 'delete'>) {
  return serviceUsersReplica<Db>({
    schema: PROFILE_SCHEMA,
    runInTransaction: (work) => prisma.$transaction(work),
    rows: {
      upsert: (tx, user) => userReplica.upsert(tx, user),
      delete: (tx, userId) => userReplica.delete(tx, userId),
      insertIfMissing: (user) => userReplica.insertIfMissing(prisma, user),
    },
    purgeMember: async (tx, userId) => {
      const { unusedPictureKey } = await purgeMember(tx, userId);
      if (unusedPictureKey) await blobs.delete(unusedPictureKey);
    },
  });
}

/** A member whose sign-up event is not applied yet is asked of auth; null when auth knows no such id. */
export async function ensureUserKnown(ctx: ProfileContext, userId: string): Promise<KnownUser | null> {
  if (!(await ctx.users.fill(userId))) return null;
  return userReplica.findById(ctx.prisma, userId);
}
