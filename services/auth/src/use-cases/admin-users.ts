import {
  AUTH_MESSAGES,
  RPC,
  SUBJECTS,
  type AccessLevel,
  type AdminUser,
  type AdminUserListResponse,
  type AdminUserPatch,
  type ParsedRequestOf,
} from '@crucible/proto';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  UnauthorizedError,
  assertStorableText,
  callerFromPrincipal,
  isUniqueViolation,
  requireAdmin,
  type Caller,
} from '@crucible/platform';
import type { Prisma } from '../generated/prisma/client.ts';
import { sessionRepository } from '../repositories/sessions.ts';
import { isNotFound, userRepository, type AdminUserListOptions, type User } from '../repositories/users.ts';
import { sendPasswordReset } from './accounts.ts';
import { inTransaction, type AuthContext, type Emit } from './context.ts';
import { findSessionPrincipal, forgetRevokedSessions, refreshSessionsOf, revokeSessions } from './sessions.ts';
import { toAdminUser, toUserEventPayload } from './user-views.ts';

/** The audit log's entry for an admin's action (every use case here refuses anyone but an admin). */
export function recordAdminAction(
  emit: Emit,
  caller: Caller,
  action: { actionType: string; targetUserId: string | null; description: string; details?: Record<string, unknown> },
) {
  return emit(SUBJECTS.adminActionRecorded, {
    adminId: caller.userId,
    sessionId: caller.sessionId,
    ipAddress: caller.meta.ipAddress,
    userAgent: caller.meta.userAgent,
    ...action,
  });
}

async function requireUser(ctx: AuthContext, userId: string): Promise<User> {
  const user = await userRepository.findById(ctx.prisma, userId);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

export async function listUsers(
  ctx: AuthContext,
  caller: Caller,
  query: AdminUserListOptions,
): Promise<AdminUserListResponse> {
  requireAdmin(caller);
  const { users, total } = await userRepository.page(ctx.prisma, query);
  return { users: users.map(({ user, lastSeenAt }) => toAdminUser(user, lastSeenAt)), total };
}

/** One member's account as the users table shows it, for the console's user view. */
export async function getUser(ctx: AuthContext, caller: Caller, userId: string): Promise<AdminUser> {
  requireAdmin(caller);
  const user = await requireUser(ctx, userId);
  return toAdminUser(user, await userRepository.lastSeenOf(ctx.prisma, userId));
}

const isAdminUser = (user: Pick<User, 'isAdmin' | 'accessLevel' | 'deactivatedAt'>) =>
  user.deactivatedAt === null && (user.isAdmin || user.accessLevel === 'Admin');

/**
 * Refuses a change that would leave no active admin: the console would then have nobody to run it.
 * Call inside the change's transaction; the lock keeps two admins from demoting each other at once.
 */
async function keepAnAdmin(
  tx: Prisma.TransactionClient,
  before: User,
  after: Pick<User, 'isAdmin' | 'accessLevel' | 'deactivatedAt'> | null,
): Promise<void> {
  if (!isAdminUser(before) || (after && isAdminUser(after))) return;
  await userRepository.lockAdmins(tx);
  if ((await userRepository.otherActiveAdmins(tx, before.id)) === 0) throw new ConflictError(AUTH_MESSAGES.lastAdmin);
}

/** Applies an admin's change, records it for the audit log and makes it live on the member's next request. */
async function changeUser(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  patch: AdminUserPatch,
  actionType: string,
): Promise<AdminUser> {
  requireAdmin(caller);
  const before = await requireUser(ctx, userId);
  // Nobody has proven the new address yet, and external sign-in links accounts by verified e-mail.
  const changes =
    patch.email !== undefined && patch.email !== before.email ? { ...patch, emailVerified: false } : patch;
  let updated: User;
  try {
    updated = await inTransaction(ctx, async (tx, emit) => {
      await keepAnAdmin(tx, before, { ...before, ...patch });
      const user = await userRepository.update(tx, userId, changes);
      await emit(SUBJECTS.userUpdated, toUserEventPayload(user));
      const changed = Object.fromEntries(
        Object.entries(changes).map(([field, value]) => [field, { from: before[field as keyof User], to: value }]),
      );
      await recordAdminAction(emit, caller, {
        actionType,
        targetUserId: userId,
        description: `Updated ${before.email}: ${Object.keys(patch).join(', ')}`,
        details: changed,
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('An account with this email already exists');
    if (isNotFound(error)) throw new NotFoundError('User not found');
    throw error;
  }
  await refreshSessionsOf(ctx, updated);
  return toAdminUser(updated);
}

export function updateUser(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  patch: AdminUserPatch,
): Promise<AdminUser> {
  return changeUser(ctx, caller, userId, patch, 'user_update');
}

export function setAccessLevel(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  accessLevel: AccessLevel,
): Promise<AdminUser> {
  return changeUser(ctx, caller, userId, { accessLevel }, 'user_access_level');
}

export async function deleteUser(ctx: AuthContext, caller: Caller, userId: string): Promise<void> {
  requireAdmin(caller);
  if (userId === caller.userId) throw new BadRequestError('You cannot delete your own account');
  const user = await requireUser(ctx, userId);
  const sessionIds = await sessionRepository.liveIdsOfUser(ctx.prisma, userId);
  await inTransaction(ctx, async (tx, emit) => {
    await keepAnAdmin(tx, user, null);
    await revokeSessions(tx, emit, userId, sessionIds, 'user deleted');
    await userRepository.delete(tx, userId);
    await emit(SUBJECTS.userDeleted, { id: userId });
    await recordAdminAction(emit, caller, {
      actionType: 'user_delete',
      targetUserId: userId,
      description: `Deleted ${user.email}`,
    });
  });
  await forgetRevokedSessions(ctx, sessionIds);
}

/**
 * Deactivating is the reversible alternative to deleting: the account and everything the member
 * made stay, they cannot sign in, and their sessions end now. Reactivating lets them sign in again.
 */
export async function setActive(ctx: AuthContext, caller: Caller, userId: string, active: boolean): Promise<AdminUser> {
  requireAdmin(caller);
  if (!active && userId === caller.userId) throw new BadRequestError(AUTH_MESSAGES.cannotDeactivateYourself);
  const before = await requireUser(ctx, userId);
  if ((before.deactivatedAt === null) === active) return toAdminUser(before);
  const sessionIds = active ? [] : await sessionRepository.liveIdsOfUser(ctx.prisma, userId);
  const updated = await inTransaction(ctx, async (tx, emit) => {
    if (!active) await keepAnAdmin(tx, before, null);
    const user = await userRepository.update(tx, userId, { deactivatedAt: active ? null : new Date() });
    // Every replica learns it: dm refuses messages to the member, project refuses them as an assignee.
    await emit(SUBJECTS.userUpdated, toUserEventPayload(user));
    await revokeSessions(tx, emit, userId, sessionIds, 'account deactivated');
    await recordAdminAction(emit, caller, {
      actionType: active ? 'user_reactivate' : 'user_deactivate',
      targetUserId: userId,
      description: `${active ? 'Reactivated' : 'Deactivated'} ${before.email}`,
    });
    return user;
  });
  await forgetRevokedSessions(ctx, sessionIds);
  return toAdminUser(updated);
}

/**
 * A suspension: the member cannot sign in until `until` and their sessions end now, as deactivation
 * does; it ends by itself at that time (nothing has to run). Suspending again replaces the end.
 */
export async function suspendUser(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  suspension: { until: Date; reason: string },
): Promise<AdminUser> {
  requireAdmin(caller);
  if (userId === caller.userId) throw new BadRequestError(AUTH_MESSAGES.cannotSuspendYourself);
  const before = await requireUser(ctx, userId);
  const sessionIds = await sessionRepository.liveIdsOfUser(ctx.prisma, userId);
  const updated = await inTransaction(ctx, async (tx, emit) => {
    const user = await userRepository.update(tx, userId, {
      suspendedUntil: suspension.until,
      suspensionReason: suspension.reason,
    });
    await emit(SUBJECTS.userUpdated, toUserEventPayload(user));
    await revokeSessions(tx, emit, userId, sessionIds, 'account suspended');
    await recordAdminAction(emit, caller, {
      actionType: 'user_suspend',
      targetUserId: userId,
      description: `Suspended ${before.email} until ${suspension.until.toISOString()}`,
      details: { until: suspension.until.toISOString(), reason: suspension.reason },
    });
    return user;
  });
  await forgetRevokedSessions(ctx, sessionIds);
  return toAdminUser(updated);
}

export async function sendAdminPasswordReset(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
): Promise<{ message: string; emailSent: boolean }> {
  requireAdmin(caller);
  const user = await requireUser(ctx, userId);
  const emailSent = await sendPasswordReset(ctx, user);
  await inTransaction(ctx, (_tx, emit) =>
    recordAdminAction(emit, caller, {
      actionType: 'user_password_reset',
      targetUserId: userId,
      description: `Sent a password reset to ${user.email}`,
      details: { emailSent },
    }),
  );
  return {
    message: emailSent ? 'Password reset email sent to user' : 'Password reset token generated (email not configured)',
    emailSent,
  };
}

/**
 * Who asks over request-reply (the admin service carrying out a review's consequence): the session
 * it names must be the admin's own live session, as a token's would be; the use cases then apply the
 * same admin rule as the HTTP calls and audit with the IP and user agent passed along.
 */
async function callerOfRequest(
  ctx: AuthContext,
  request: {
    adminId: string;
    actor?: { ipAddress: string | null; userAgent: string | null; sessionId: string | null };
  },
): Promise<Caller> {
  const principal = request.actor?.sessionId ? await findSessionPrincipal(ctx, request.actor.sessionId) : null;
  if (!principal || principal.userId.toLowerCase() !== request.adminId) throw new UnauthorizedError();
  return callerFromPrincipal(principal, {
    ipAddress: request.actor?.ipAddress ?? null,
    userAgent: request.actor?.userAgent ?? null,
  });
}

/** RPC.authAdminSuspend: a review's suspension; suspending again only moves the end (idempotent). */
export async function suspendByRequest(
  ctx: AuthContext,
  request: ParsedRequestOf<typeof RPC.authAdminSuspend>,
): Promise<{ userId: string }> {
  assertStorableText({ body: request });
  await suspendUser(ctx, await callerOfRequest(ctx, request), request.userId, request);
  return { userId: request.userId };
}

/** RPC.authAdminDeactivate: a review's ban; an account already deactivated stays as it is. */
export async function deactivateByRequest(
  ctx: AuthContext,
  request: ParsedRequestOf<typeof RPC.authAdminDeactivate>,
): Promise<{ userId: string }> {
  await setActive(ctx, await callerOfRequest(ctx, request), request.userId, false);
  return { userId: request.userId };
}
