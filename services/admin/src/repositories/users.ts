import type { UserEventPayload } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

/** Names of members, from auth's events; a deleted member's row stays (marked) so old entries keep a name. */
export const userReplica = {
  upsert: (db: Db, user: UserEventPayload) => {
    const fields = { email: user.email, firstName: user.firstName, lastName: user.lastName, updatedAt: new Date() };
    return db.user.upsert({ where: { id: user.id }, create: { id: user.id, ...fields }, update: fields });
  },
  insertIfMissing: async (db: Db, user: UserEventPayload): Promise<void> => {
    await db.user.createMany({
      data: [{ id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName }],
      skipDuplicates: true,
    });
  },
  markDeleted: (db: Db, id: string) =>
    db.user.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } }),
  findMany: (db: Db, ids: string[]) => db.user.findMany({ where: { id: { in: ids } } }),
};
