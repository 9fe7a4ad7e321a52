import {
  ACCESS_LEVELS,
  DEFAULT_CONTACT_INFO_VISIBILITY,
  LIMITS,
  contactTiersVisibleTo,
  emailSeenBy,
  hasAccess,
  type UserSearchQuery,
  type UserSummary,
} from '@crucible/proto';
import type { Caller } from '@crucible/platform';
import { userRepository, type EmailMatch, type User } from '../repositories/users.ts';
import type { AuthContext } from './context.ts';
import { toUserSummary } from './user-views.ts';

/** Each member's e-mail as contact-information privacy lets this caller see it (proto's `emailSeenBy`). */
function summariesFor(caller: Caller, users: User[]): UserSummary[] {
  return users.map((user) => toUserSummary(user, { email: emailSeenBy(caller, user) }));
}

/** A search never matches on an address the caller may not see, or the match would reveal it. */
function emailMatchFor(caller: Caller): EmailMatch {
  if (caller.isAdmin) return 'all';
  return {
    viewerId: caller.userId,
    tiers: contactTiersVisibleTo(caller),
    defaultTierVisible: hasAccess(caller.accessLevel, DEFAULT_CONTACT_INFO_VISIBILITY),
  };
}

/**
 * By name for everyone; by e-mail only where the viewer may see the address.
 * With `minAccessLevel`, only the members who can read what is posted at that level: those at or
 * above it, and admins, who read everything (the forum's @-mention picker offers no one else).
 */
export async function searchUsers(
  ctx: AuthContext,
  caller: Caller,
  { q, minAccessLevel }: UserSearchQuery,
): Promise<UserSummary[]> {
  const users = await userRepository.search(ctx.prisma, q, LIMITS.userSearch.maxResults, {
    emailMatch: emailMatchFor(caller),
    levels: minAccessLevel && ACCESS_LEVELS.filter((level) => hasAccess(level, minAccessLevel)),
  });
  return summariesFor(caller, users);
}

export async function countUsers(ctx: AuthContext): Promise<{ count: number }> {
  return { count: await userRepository.count(ctx.prisma) };
}

/** Assignable users for projects are the Core members whose accounts are active. */
export async function listCoreUsers(ctx: AuthContext, caller: Caller): Promise<UserSummary[]> {
  return summariesFor(caller, await userRepository.listActiveByAccessLevel(ctx.prisma, 'Core'));
}
