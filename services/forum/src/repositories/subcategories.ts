import {
  ACCESS_LEVELS,
  accessRank,
  type AccessLevel,
  type ForumCategory,
  type Subcategory as SubcategoryView,
} from '@crucible/proto';
import type { Prisma, Subcategory } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

export function toSubcategory(row: Subcategory): SubcategoryView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    slug: row.slug,
    color: row.color,
    minAccessLevel: row.minAccessLevel,
    min_access_level: row.minAccessLevel,
    accessLevel: row.accessLevel,
    discussionCount: row.discussionCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export const subcategoryRepository = {
  visible: (db: Db, options: { viewerLevel: AccessLevel; category?: ForumCategory; includeInactive: boolean }) =>
    db.subcategory.findMany({
      where: {
        accessLevel: { in: ACCESS_LEVELS.filter((level) => accessRank(level) <= accessRank(options.viewerLevel)) },
        ...(options.category ? { category: options.category } : {}),
        ...(options.includeInactive ? {} : { isActive: true }),
      },
      orderBy: [{ category: 'asc' }, { name: 'asc' }],
    }),
  findById: (db: Db, id: string) => db.subcategory.findUnique({ where: { id } }),
  create: (db: Db, data: Prisma.SubcategoryUncheckedCreateInput) => db.subcategory.create({ data }),
  /**
   * Locks the topic's row for the rest of the transaction. Every change to its discussion count
   * takes this lock first, so a recount (a later statement, a fresh snapshot) sees every change
   * committed before it.
   */
  lockForCount: (db: Db, id: string) => db.$executeRaw`SELECT 1 FROM subcategories WHERE id = ${id}::uuid FOR UPDATE`,
  /** One more discussion (under lockForCount). */
  countNewDiscussion: (db: Db, id: string) =>
    db.subcategory.updateMany({ where: { id }, data: { discussionCount: { increment: 1 } } }),
  /** Counted from the discussions themselves after a delete, hide or show (under lockForCount). */
  recountDiscussions: (db: Db, id: string) =>
    db.$executeRaw`UPDATE subcategories s SET discussion_count = (
      SELECT count(*)::int FROM discussions d WHERE d.subcategory_id = s.id AND d.is_approved AND d.discussion_type = 'discussion'
    ) WHERE s.id = ${id}::uuid`,
};
