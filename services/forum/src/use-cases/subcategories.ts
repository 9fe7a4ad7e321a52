import { randomUUID } from 'node:crypto';
import {
  FORUM_MESSAGES,
  higherLevel,
  slugify,
  type ForumCategory,
  type Subcategory,
  type SubcategoryCreate,
} from '@crucible/proto';
import { BadRequestError, ConflictError, NotFoundError, isUniqueViolation, requireAdmin } from '@crucible/platform';
import { subcategoryRepository, toSubcategory } from '../repositories/subcategories.ts';
import { canSee, type Viewer } from './access.ts';
import type { ForumContext } from './context.ts';

/** The topics the viewer may see (none for Public members); inactive ones for admins who ask. */
export async function listSubcategories(
  ctx: ForumContext,
  viewer: Viewer,
  query: { category?: ForumCategory; includeInactive: boolean },
): Promise<Subcategory[]> {
  if (viewer.level === 'Public') return [];
  const rows = await subcategoryRepository.visible(ctx.prisma, {
    viewerLevel: viewer.level,
    category: query.category,
    includeInactive: query.includeInactive && viewer.isAdmin,
  });
  return rows.map(toSubcategory);
}

export async function getSubcategory(ctx: ForumContext, viewer: Viewer, id: string): Promise<Subcategory> {
  const row = await subcategoryRepository.findById(ctx.prisma, id);
  if (!row || !canSee(viewer, row.accessLevel) || (!row.isActive && !viewer.isAdmin))
    throw new NotFoundError(FORUM_MESSAGES.topicNotFound);
  return toSubcategory(row);
}

/** Admins add topics; the slug defaults to the lowercased name with hyphens for spaces. */
export async function createSubcategory(
  ctx: ForumContext,
  viewer: Viewer,
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
