import {
  ACCESS_LEVELS,
  DEFAULT_CONTACT_INFO_VISIBILITY,
  LIMITS,
  contactTiersVisibleTo,
  emailSeenBy,
  hasAccess,
  type SessionPrincipal,
  type UserSearchQuery,
  type UserSummary,
} from '@crucible/proto';
import { isAdmin } from '@crucible/platform';
import { userRepository, type EmailMatch, type User } from '../repositories/users.ts';
import type { AuthContext } from './context.ts';
import { toUserSummary } from './user-views.ts';

const viewerOf = (principal: SessionPrincipal) => ({
  userId: principal.userId,
  accessLevel: principal.accessLevel,
  isAdmin: principal.isAdmin,
});

/** Each member's e-mail as contact-information privacy lets this viewer see it (proto's `emailSeenBy`). */
function summariesFor(principal: SessionPrincipal, users: User[]): UserSummary[] {
  const viewer = viewerOf(principal);
  return users.map((user) => toUserSummary(user, { email: emailSeenBy(viewer, user) }));
}

/** A search never matches on an address the viewer may not see, or the match would reveal it. */
function emailMatchFor(principal: SessionPrincipal): EmailMatch {
  if (isAdmin(principal)) return 'all';
  return {
    viewerId: principal.userId,
    tiers: contactTiersVisibleTo(principal),
    defaultTierVisible: hasAccess(principal.accessLevel, DEFAULT_CONTACT_INFO_VISIBILITY),
  };
}

/**
 * By name for everyone; by e-mail only where the viewer may see the address.
 * With `minAccessLevel`, only the members who can read what is posted at that level: those at or
 * above it, and admins, who read everything (the forum's @-mention picker offers no one else).
 */
export async function searchUsers(
  ctx: AuthContext,
  viewer: SessionPrincipal,
  { q, minAccessLevel }: UserSearchQuery,
): Promise<UserSummary[]> {
  const users = await userRepository.search(ctx.prisma, q, LIMITS.userSearch.maxResults, {
    emailMatch: emailMatchFor(viewer),
    levels: minAccessLevel && ACCESS_LEVELS.filter((level) => hasAccess(level, minAccessLevel)),
  });
  return summariesFor(viewer, users);
}

export async function countUsers(ctx: AuthContext): Promise<{ count: number }> {
  return { count: await userRepository.count(ctx.prisma) };
}

/** Assignable users for projects are the Core members whose accounts are active. */
export async function listCoreUsers(ctx: AuthContext, viewer: SessionPrincipal): Promise<UserSummary[]> {
  return summariesFor(viewer, await userRepository.listActiveByAccessLevel(ctx.prisma, 'Core'));
}
