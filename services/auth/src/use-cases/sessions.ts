import {
  ACCOUNT_DELETION_MESSAGES,
  AUTH_MESSAGES,
  SUBJECTS,
  accountSuspendedMessage,
  type SessionPrincipal,
} from '@crucible/proto';
import { ForbiddenError, UnauthorizedError, writeSessionToCache } from '@crucible/platform';
import type { Prisma } from '../generated/prisma/client.ts';
import { sessionRepository } from '../repositories/sessions.ts';
import { userRepository, type User } from '../repositories/users.ts';
import { accountRestoredMail, recordSelfDeletionStep } from './account-deletion-notices.ts';
import { inTransaction, type AuthContext, type Emit, type RequestMeta } from './context.ts';
import { isSuspended, toPrincipal } from './user-views.ts';

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StartedSession {
  token: string;
  expiresAt: Date;
  /** The sign-in cancelled the member's own deletion (the page tells them). */
  restoredFromDeletion: boolean;
}

/**
 * A sign-in within the grace period of the member's own deletion restores the account (true); one
 * after it finds the account gone, as it will be once the erasure has run: the unknown-account answer.
 */
async function restoreIfDeletionPending(
  ctx: AuthContext,
  user: User,
  meta: RequestMeta,
  now = new Date(),
): Promise<boolean> {
  const scheduledFor = user.deletionScheduledAt;
  if (!scheduledFor) return false;
  if (scheduledFor <= now) throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
  const restored = await inTransaction(ctx, async (tx, emit) => {
    // Conditional, so of two sign-ins at once one records and mails the restoration.
    if ((await userRepository.cancelDeletionIfPending(tx, user.id, now)) === 0) return false;
    await recordSelfDeletionStep(
      emit,
      user.id,
      { actionType: 'user_reactivate', description: `${user.email} signed in and so restored their deleted account` },
      { sessionId: null, meta, details: { wasScheduledFor: scheduledFor.toISOString() } },
    );
    return true;
  });
  if (!restored) {
    // Another sign-in restored it (go on), or the erasure took it meanwhile (as after the period).
    const current = await userRepository.findById(ctx.prisma, user.id);
    if (!current || current.deletionScheduledAt) throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
    return true;
  }
  ctx.logger.info({ userId: user.id }, 'member signed in within the grace period; account deletion cancelled');
  if (!(await ctx.mailer.send(accountRestoredMail(ctx.config.PUBLIC_URL, user.email, user.firstName))))
    ctx.logger.warn({ userId: user.id }, 'account-restored mail not sent');
  return true;
}

/**
 * Every sign-in (password, passkey, two-factor, external, after sign-up) starts here: a deactivated
 * or suspended account gets none; one awaiting its own deletion is restored.
 */
export async function startSession(ctx: AuthContext, user: User, meta: RequestMeta): Promise<StartedSession> {
  if (user.deactivatedAt) throw new ForbiddenError(AUTH_MESSAGES.accountDeactivated);
  if (isSuspended(user)) throw new ForbiddenError(accountSuspendedMessage(user.suspendedUntil!, user.suspensionReason));
  const restoredFromDeletion = await restoreIfDeletionPending(ctx, user, meta);
  const expiresAt = new Date(Date.now() + ctx.config.SESSION_TTL_HOURS * 3_600_000);
  const session = await sessionRepository.create(ctx.prisma, { userId: user.id, expiresAt, ...meta });
  await writeSessionToCache(ctx.cache, ctx.bus, session.id, toPrincipal(user, session.id));
  return {
    token: await ctx.signer.sign({ userId: user.id, sessionId: session.id, expiresAt }),
    expiresAt,
    restoredFromDeletion,
  };
}

/** What a sign-in says: a welcome, or that it cancelled the member's own deletion. */
export function welcomeMessage(user: Pick<User, 'firstName'>, session: StartedSession): string {
  if (session.restoredFromDeletion) return ACCOUNT_DELETION_MESSAGES.restored;
  return `Welcome back${user.firstName ? `, ${user.firstName}` : ''}!`;
}

/** The truth behind every verifier's cache: the live session and its user's current level. */
export async function findSessionPrincipal(ctx: AuthContext, sessionId: string): Promise<SessionPrincipal | null> {
  // Session ids are uuids; any other `sid` (forged, or from a foreign token) names no session rather than failing the query.
  if (!SESSION_ID.test(sessionId)) return null;
  const session = await sessionRepository.findLive(ctx.prisma, sessionId);
  return session && !session.user.deactivatedAt && !session.user.deletionScheduledAt && !isSuspended(session.user)
    ? toPrincipal(session.user, session.id)
    : null;
}

/** Revokes inside the caller's transaction; call `forgetRevokedSessions` after it commits. */
export async function revokeSessions(
  tx: Prisma.TransactionClient,
  emit: Emit,
  userId: string,
  sessionIds: string[],
  reason: string,
): Promise<void> {
  if (sessionIds.length === 0) return;
  await sessionRepository.revoke(tx, sessionIds);
  for (const sessionId of sessionIds) await emit(SUBJECTS.sessionRevoked, { sessionId, userId, reason });
}

export async function forgetRevokedSessions(ctx: AuthContext, sessionIds: string[]): Promise<void> {
  await Promise.all(sessionIds.map((sessionId) => writeSessionToCache(ctx.cache, ctx.bus, sessionId, null)));
}

/** A changed level or flag applies on the member's next request, not when the token expires. */
export async function refreshSessionsOf(ctx: AuthContext, user: User): Promise<void> {
  const sessionIds = await sessionRepository.liveIdsOfUser(ctx.prisma, user.id);
  await Promise.all(
    sessionIds.map((sessionId) => writeSessionToCache(ctx.cache, ctx.bus, sessionId, toPrincipal(user, sessionId))),
  );
}
