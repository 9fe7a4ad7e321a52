import { randomUUID } from 'node:crypto';
import { FORUM_MESSAGES, type ForumModerator, type ForumModeratorCreate } from '@crucible/proto';
import { ConflictError, NotFoundError, isUniqueViolation, requireAdmin, type Caller } from '@crucible/platform';
import { moderatorRepository, toForumModerator } from '../repositories/moderators.ts';
import { subcategoryRepository } from '../repositories/subcategories.ts';
import { userReplica } from '../repositories/users.ts';
import { inTransaction, type ForumContext } from './context.ts';
import { recordModeration } from './moderation-log.ts';

async function withUsers(
  ctx: ForumContext,
  grants: Awaited<ReturnType<typeof moderatorRepository.list>>,
): Promise<ForumModerator[]> {
  const users = new Map(
    (await userReplica.findMany(ctx.prisma, [...new Set(grants.map((grant) => grant.userId))])).map((user) => [
      user.id,
      user,
    ]),
  );
  return grants.map((grant) => {
    const user = users.get(grant.userId);
    return toForumModerator(
      grant,
      user ? { firstName: user.firstName, lastName: user.lastName, email: user.email } : null,
    );
  });
}

export async function listModerators(ctx: ForumContext, viewer: Caller): Promise<ForumModerator[]> {
  requireAdmin(viewer);
  return withUsers(ctx, await moderatorRepository.list(ctx.prisma));
}

/** Admins grant moderation of all forums (no scope), one category, or one topic. */
export async function grantModerator(
  ctx: ForumContext,
  viewer: Caller,
  input: ForumModeratorCreate,
): Promise<ForumModerator> {
  requireAdmin(viewer);
  if (!(await userReplica.findById(ctx.prisma, input.userId))) throw new NotFoundError(FORUM_MESSAGES.userNotFound);
  if (input.subcategoryId && !(await subcategoryRepository.findById(ctx.prisma, input.subcategoryId)))
    throw new NotFoundError(FORUM_MESSAGES.topicNotFound);
  try {
    const grant = await inTransaction(ctx, async (tx, emit) => {
      const created = await moderatorRepository.create(tx, {
        id: randomUUID(),
        userId: input.userId,
        category: input.category ?? null,
        subcategoryId: input.subcategoryId ?? null,
        grantedBy: viewer.userId,
      });
      await recordModeration(emit, viewer, {
        actionType: 'moderator_grant',
        targetUserId: input.userId,
        description: `Made a forum moderator of ${scopeOf(input)}`,
        details: { moderatorId: created.id, category: created.category, subcategoryId: created.subcategoryId },
      });
      return created;
    });
    const [moderator] = await withUsers(ctx, [grant]);
    return moderator!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(FORUM_MESSAGES.moderatorExists);
    throw error;
  }
}

export async function revokeModerator(ctx: ForumContext, viewer: Caller, id: string): Promise<void> {
  requireAdmin(viewer);
  await inTransaction(ctx, async (tx, emit) => {
    const grant = await moderatorRepository.deleteReturning(tx, id);
    if (!grant) throw new NotFoundError(FORUM_MESSAGES.moderatorNotFound);
    await recordModeration(emit, viewer, {
      actionType: 'moderator_revoke',
      targetUserId: grant.userId,
      description: `Removed a forum moderator of ${scopeOf(grant)}`,
      details: { moderatorId: id, category: grant.category, subcategoryId: grant.subcategoryId },
    });
  });
}

function scopeOf(grant: { category?: string | null; subcategoryId?: string | null }): string {
  if (grant.subcategoryId) return `topic ${grant.subcategoryId}`;
  return grant.category ? `the ${grant.category} forum` : 'all forums';
}
