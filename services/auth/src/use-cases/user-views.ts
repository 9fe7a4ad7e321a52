import type { AdminUser, CurrentUser, SessionPrincipal, UserEventPayload, UserSummary } from '@crucible/proto';
import type { User } from '../repositories/users.ts';

export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    accessLevel: user.accessLevel,
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    emailVerified: user.emailVerified,
    authProvider: user.authProvider,
  };
}

/** `email`: the address as the viewer may see it (null when contact-information privacy hides it). */
export function toUserSummary(user: User, options: { email: string | null }): UserSummary {
  return {
    id: user.id,
    email: options.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    accessLevel: user.accessLevel,
  };
}

/** `lastSeenAt`: the latest use of the member's sessions, where the caller has read it (the users table). */
export function toAdminUser(user: User, lastSeenAt: Date | null = null): AdminUser {
  const { profileImageUrl: _image, ...current } = toCurrentUser(user);
  return {
    ...current,
    createdAt: user.createdAt.toISOString(),
    isActive: user.deactivatedAt === null,
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
    suspendedUntil: isSuspended(user) ? user.suspendedUntil!.toISOString() : null,
    lastSeenAt: lastSeenAt?.toISOString() ?? null,
  };
}

export function toUserEventPayload(user: User): UserEventPayload {
  const { emailVerified: _verified, authProvider: _provider, ...payload } = toCurrentUser(user);
  return {
    ...payload,
    isActive: user.deactivatedAt === null,
    suspendedUntil: isSuspended(user) ? user.suspendedUntil!.toISOString() : null,
  };
}

export function toPrincipal(user: User, sessionId: string): SessionPrincipal {
  return {
    userId: user.id,
    sessionId,
    accessLevel: user.accessLevel,
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    emailVerified: user.emailVerified,
  };
}

/** A suspension in force: its end is still ahead (after it the member is as before, with no one acting). */
export function isSuspended(user: Pick<User, 'suspendedUntil'>, now = new Date()): boolean {
  return user.suspendedUntil !== null && user.suspendedUntil > now;
}
