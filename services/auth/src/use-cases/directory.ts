import {
  ACCESS_LEVELS,
  DEFAULT_CONTACT_INFO_VISIBILITY,
  LIMITS,
  hasAccess,
  type SessionPrincipal,
  type UserSearchQuery,
  type UserSummary,
} from '@crucible/proto';
import { userRepository, type User } from '../repositories/users.ts';
import type { AuthContext } from './context.ts';
import { toUserSummary } from './user-views.ts';

/**
 * Contact-information privacy: admins and viewers at the default tier or above see e-mail
 * addresses; a member always sees their own. (The per-member setting comes with the profile.)
 */
function maySeeEmailsOfOthers(viewer: SessionPrincipal): boolean {
  return viewer.isAdmin || hasAccess(viewer.accessLevel, DEFAULT_CONTACT_INFO_VISIBILITY);
}

function summariesFor(viewer: SessionPrincipal, users: User[]): UserSummary[] {
  const seesEmails = maySeeEmailsOfOthers(viewer);
  return users.map((user) => toUserSummary(user, { withEmail: seesEmails || user.id === viewer.userId }));
}

/**
 * By name for everyone; by e-mail only for viewers who may see addresses, or a match would reveal them.
 * With `minAccessLevel`, only the members who can read what is posted at that level: those at or
 * above it, and admins, who read everything (the forum's @-mention picker offers no one else).
 */
export async function searchUsers(
  ctx: AuthContext,
  viewer: SessionPrincipal,
  { q, minAccessLevel }: UserSearchQuery,
): Promise<UserSummary[]> {
  const users = await userRepository.search(ctx.prisma, q, LIMITS.userSearch.maxResults, {
    byEmail: maySeeEmailsOfOthers(viewer),
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
