import type { ForumCategory, ForumModerator } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

interface ModeratorWithUser {
  id: string;
  userId: string;
  category: ForumCategory | null;
  subcategoryId: string | null;
  grantedBy: string | null;
  grantedAt: Date;
  isActive: boolean;
}

export function toForumModerator(
  grant: ModeratorWithUser,
  user: { firstName: string | null; lastName: string | null; email: string } | null,
): ForumModerator {
  return {
    id: grant.id,
    userId: grant.userId,
    category: grant.category,
    subcategoryId: grant.subcategoryId,
    grantedBy: grant.grantedBy,
    grantedAt: grant.grantedAt.toISOString(),
    isActive: grant.isActive,
    user,
  };
}

export const moderatorRepository = {
  activeGrantsOf: (db: Db, userId: string) =>
    db.forumModerator.findMany({ where: { userId, isActive: true }, select: { category: true, subcategoryId: true } }),
  list: (db: Db) => db.forumModerator.findMany({ orderBy: [{ grantedAt: 'desc' }, { id: 'asc' }] }),
  create: (db: Db, data: Prisma.ForumModeratorUncheckedCreateInput) => db.forumModerator.create({ data }),
  delete: (db: Db, id: string) => db.forumModerator.deleteMany({ where: { id } }),
  /** Removes the grant and answers what it was (null when there was none). */
  deleteReturning: async (db: Db, id: string) => {
    const grant = await db.forumModerator.findUnique({ where: { id } });
    if (!grant) return null;
    const { count } = await db.forumModerator.deleteMany({ where: { id } });
    return count === 0 ? null : grant;
  },
};
