import {
  FORUM_MESSAGES,
  canSeeForumLevel,
  forumLevelOf,
  postableLevels,
  type AccessLevel,
  type SessionPrincipal,
} from '@crucible/proto';
import { ForbiddenError, isAdmin } from '@crucible/platform';
import { moderatorRepository } from '../repositories/moderators.ts';
import type { ForumContext } from './context.ts';

/** The member asking, with the level that decides what they see (admins see everything). */
export interface Viewer {
  userId: string;
  level: AccessLevel;
  isAdmin: boolean;
  /** Where the request came from, for the audit log of moderation actions. */
  meta?: { ipAddress: string | null; userAgent: string | null; sessionId: string | null };
}

export function viewerOf(principal: SessionPrincipal): Viewer {
  const admin = isAdmin(principal);
  return {
    userId: principal.userId,
    level: forumLevelOf({ accessLevel: principal.accessLevel, isAdmin: admin }),
    isAdmin: admin,
  };
}

export function canSee(viewer: Viewer, level: AccessLevel): boolean {
  return canSeeForumLevel(viewer.level, level);
}

/** Creating at a level: Public members may not post at all, nobody above their own level. */
export function requirePostableLevel(viewer: Viewer, level: AccessLevel): void {
  if (viewer.level === 'Public') throw new ForbiddenError(FORUM_MESSAGES.forumsNeedLevel);
  if (!postableLevels(viewer.level).includes(level)) throw new ForbiddenError(FORUM_MESSAGES.levelAboveOwn);
}

/** Where a member moderates: admins and all-forum moderators everywhere, others in their categories and topics. */
export interface ModerationScope {
  everywhere: boolean;
  categories: string[];
  subcategoryIds: string[];
}

const NOWHERE: ModerationScope = { everywhere: false, categories: [], subcategoryIds: [] };

export async function moderationScopeOf(ctx: ForumContext, viewer: Viewer): Promise<ModerationScope> {
  if (viewer.isAdmin) return { everywhere: true, categories: [], subcategoryIds: [] };
  if (viewer.level === 'Public') return NOWHERE;
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
