import { randomUUID } from 'node:crypto';
import {
  ACCESS_LEVELS,
  FORUM_MESSAGES,
  higherLevel,
  slugify,
  type ForumCategory,
  type ForumLevelSummary,
  type Subcategory,
  type SubcategoryCreate,
} from '@crucible/proto';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  isUniqueViolation,
  requireAdmin,
  type Caller,
} from '@crucible/platform';
import { discussionReads } from '../repositories/discussions.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import { subcategoryRepository, toSubcategory } from '../repositories/subcategories.ts';
import { canSee, forumLevelOfCaller } from './access.ts';
import type { ForumContext } from './context.ts';
import { cachedLevelCounts } from './first-pages.ts';

/** The topics the viewer may see (none for Public members); inactive ones for admins who ask. */
export async function listSubcategories(
  ctx: ForumContext,
  viewer: Caller,
  query: { category?: ForumCategory; includeInactive: boolean },
): Promise<Subcategory[]> {
  const level = forumLevelOfCaller(viewer);
  if (level === 'Public') return [];
  const rows = await subcategoryRepository.visible(ctx.prisma, {
    viewerLevel: level,
    category: query.category,
    includeInactive: query.includeInactive && viewer.isAdmin,
  });
  return rows.map(toSubcategory);
}

/**
 * The level forums the viewer may enter (none for Public members), each with the number of
 * discussions its list of all discussions shows them: the "All discussions" card's count, as a
 * topic card shows its topic's. The same for everyone at a level, so cached per level.
 */
export async function listForumLevels(ctx: ForumContext, viewer: Caller): Promise<ForumLevelSummary[]> {
  const viewerLevel = forumLevelOfCaller(viewer);
  if (viewerLevel === 'Public') return [];
  return cachedLevelCounts(ctx, viewerLevel, async () => {
    const counts = await discussionReads.countsByCategory(sqlOnPool(ctx.pool), viewerLevel);
    return ACCESS_LEVELS.filter((level) => level !== 'Public' && canSee(viewer, level)).map((category) => ({
      category,
      discussionCount: counts.get(category) ?? 0,
    }));
  });
}

export async function getSubcategory(ctx: ForumContext, viewer: Caller, id: string): Promise<Subcategory> {
  const row = await subcategoryRepository.findById(ctx.prisma, id);
  if (!row || !canSee(viewer, row.accessLevel) || (!row.isActive && !viewer.isAdmin))
    throw new NotFoundError(FORUM_MESSAGES.topicNotFound);
  return toSubcategory(row);
}

/** Admins add topics; the slug defaults to the lowercased name with hyphens for spaces. */
export async function createSubcategory(
  ctx: ForumContext,
  viewer: Caller,
  input: SubcategoryCreate,
): Promise<Subcategory> {
  requireAdmin(viewer);
  const slug = input.slug || slugify(input.name);
  if (!slug) throw new BadRequestError('The name needs at least one letter or digit for its slug');
  try {
    const row = await subcategoryRepository.create(ctx.prisma, {
      id: randomUUID(),
      name: input.name,
      description: input.description ?? null,
      category: input.category,
      slug,
      color: input.color,
      minAccessLevel: input.minAccessLevel,
      accessLevel: higherLevel(input.category, input.minAccessLevel),
      createdBy: viewer.userId,
    });
    return toSubcategory(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(FORUM_MESSAGES.slugTaken);
    throw error;
  }
}
