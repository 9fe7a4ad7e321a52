import { FORUM_MESSAGES, canSeeForumLevel, forumLevelOf, postableLevels, type AccessLevel } from '@crucible/proto';
import { ForbiddenError, type Caller } from '@crucible/platform';
import { moderatorRepository } from '../repositories/moderators.ts';
import type { ForumContext } from './context.ts';

/** The level that decides what a caller sees and may post at in the forums: admins see everything. */
export function forumLevelOfCaller(caller: Caller): AccessLevel {
  return forumLevelOf(caller);
}

export function canSee(viewer: Caller, level: AccessLevel): boolean {
  return canSeeForumLevel(forumLevelOfCaller(viewer), level);
}

/** Creating at a level: Public members may not post at all, nobody above their own level. */
export function requirePostableLevel(viewer: Caller, level: AccessLevel): void {
  const own = forumLevelOfCaller(viewer);
  if (own === 'Public') throw new ForbiddenError(FORUM_MESSAGES.forumsNeedLevel);
  if (!postableLevels(own).includes(level)) throw new ForbiddenError(FORUM_MESSAGES.levelAboveOwn);
}

/** Where a member moderates: admins and all-forum moderators everywhere, others in their categories and topics. */
export interface ModerationScope {
  everywhere: boolean;
  categories: string[];
  subcategoryIds: string[];
}

const NOWHERE: ModerationScope = { everywhere: false, categories: [], subcategoryIds: [] };

export async function moderationScopeOf(ctx: ForumContext, viewer: Caller): Promise<ModerationScope> {
  if (viewer.isAdmin) return { everywhere: true, categories: [], subcategoryIds: [] };
  if (forumLevelOfCaller(viewer) === 'Public') return NOWHERE;
  const grants = await moderatorRepository.activeGrantsOf(ctx.prisma, viewer.userId);
  return {
    everywhere: grants.some((grant) => !grant.category && !grant.subcategoryId),
    categories: grants.flatMap((grant) => (grant.category ? [grant.category] : [])),
    subcategoryIds: grants.flatMap((grant) => (grant.subcategoryId ? [grant.subcategoryId] : [])),
  };
}

export function moderates(scope: ModerationScope, place: { category: string; subcategoryId: string | null }): boolean {
  return (
    scope.everywhere ||
    scope.categories.includes(place.category) ||
    (place.subcategoryId !== null && scope.subcategoryIds.includes(place.subcategoryId))
  );
}

export function isModeratorAnywhere(scope: ModerationScope): boolean {
  return scope.everywhere || scope.categories.length > 0 || scope.subcategoryIds.length > 0;
}
