/** Membership tiers in ascending order; the order is the rule (a tier sees its own level and below). */
export const ACCESS_LEVELS = ['Public', 'Apprentice', 'Journeyman', 'Master', 'Core', 'Admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The four forums; Public has none and Admin reads them all. */
export const FORUM_CATEGORIES = ['Core', 'Apprentice', 'Journeyman', 'Master'] as const;
export type ForumCategory = (typeof FORUM_CATEGORIES)[number];

export const AUTH_PROVIDERS = ['email', 'oidc'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];
/** The provider that exempts a member from e-mail verification. */
export const EXTERNAL_AUTH_PROVIDER: AuthProvider = 'oidc';

export function accessRank(level: AccessLevel | null | undefined): number {
  return ACCESS_LEVELS.indexOf(level ?? 'Public');
}

/** Members without a level are treated as Public. */
export function normalizeAccessLevel(level: string | null | undefined): AccessLevel {
  return (ACCESS_LEVELS as readonly string[]).includes(level ?? '') ? (level as AccessLevel) : 'Public';
}

export function hasAccess(level: AccessLevel | null | undefined, required: AccessLevel): boolean {
  return accessRank(level) >= accessRank(required);
}

/** Core members and admins (by level or flag) manage projects and see the admin entry. */
export function isCoreOrAdmin(user: { accessLevel?: AccessLevel | null; isAdmin?: boolean }): boolean {
  return Boolean(user.isAdmin) || hasAccess(user.accessLevel, 'Core');
}
