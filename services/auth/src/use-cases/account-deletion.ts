import {
  ACCOUNT_DELETION,
  ACCOUNT_DELETION_MESSAGES as MESSAGES,
  SUBJECTS,
  type AccountDeletionScheduled,
  type AccountDeletionStatus,
  type DeleteAccountRequest,
} from '@crucible/proto';
import { BadRequestError, UnauthorizedError, type Caller } from '@crucible/platform';
import { passkeyRepository } from '../repositories/passkeys.ts';
import { sessionRepository } from '../repositories/sessions.ts';
import { userRepository, type User } from '../repositories/users.ts';
import { inTransaction, type AuthContext } from './context.ts';
import { deletionScheduledMail, recordSelfDeletionStep } from './account-deletion-notices.ts';
import { confirmDeletionWithPasskey } from './passkeys.ts';
import { forgetRevokedSessions, revokeSessions } from './sessions.ts';

const DAY_MS = 86_400_000;
/** Accounts erased per pass; the next pass takes the rest. */
const ERASURE_BATCH = 100;

/** What the page says and offers before the member confirms. */
export async function accountDeletionStatus(ctx: AuthContext, caller: Caller): Promise<AccountDeletionStatus> {
  const user = await userRepository.findById(ctx.prisma, caller.userId);
  if (!user) throw new UnauthorizedError();
  const passkeys = await passkeyRepository.listOfUser(ctx.prisma, user.id);
  return {
    graceDays: ctx.config.ACCOUNT_DELETION_GRACE_DAYS,
    hasPassword: user.passwordHash !== null,
    hasPasskeys: passkeys.length > 0,
  };
}

/**
 * The member proves it is them again: one of their passkeys answering a challenge issued for this
 * deletion, or the password where the account has one (a wrong one counts as a failed sign-in from
 * that address, as a password change does), else a session begun within the last minutes, i.e. a
 * fresh sign-in with their external provider, which owns their credentials.
 */
async function confirmIdentity(
  ctx: AuthContext,
  user: User,
  caller: Caller,
  input: DeleteAccountRequest,
  now: Date,
): Promise<void> {
  const { password, passkey } = input;
  if (passkey) {
    if (password) throw new BadRequestError(MESSAGES.confirmWithOne);
    if (!(await confirmDeletionWithPasskey(ctx, user.id, passkey))) throw new BadRequestError(MESSAGES.passkeyFailed);
    return;
  }
  if (user.passwordHash) {
    if (!password) throw new BadRequestError(MESSAGES.passwordRequired);
    const pair = `${user.email} ${caller.meta.ipAddress ?? 'unknown'}`;
    await ctx.limits.signInFailuresPerAccountAndIp.check(pair);
    if (!(await ctx.hasher.verify(user.passwordHash, password))) {
      await ctx.limits.signInFailuresPerAccountAndIp.record(pair);
      throw new BadRequestError(MESSAGES.passwordIncorrect);
    }
    return;
  }
  const session = caller.sessionId ? await sessionRepository.findLive(ctx.prisma, caller.sessionId) : null;
  const freshSince = now.getTime() - ACCOUNT_DELETION.recentSignInMinutes * 60_000;
  if (!session || session.createdAt.getTime() < freshSince) throw new BadRequestError(MESSAGES.signInAgain);
}

/**
 * The member's own deletion: deactivated at once (every session ends through the revocation path,
 * so tokens are refused and sockets close), erased after the grace period by `eraseAccountsPastGrace`.
 * Nothing leaves auth yet: other services hear of it only when the erasure emits auth.user.deleted,
 * so a member who signs in within the grace period finds everything as they left it.
 */
export async function deleteOwnAccount(
  ctx: AuthContext,
  caller: Caller,
  input: DeleteAccountRequest,
  now = new Date(),
): Promise<AccountDeletionScheduled> {
  const user = await userRepository.findById(ctx.prisma, caller.userId);
  if (!user) throw new UnauthorizedError();
  await confirmIdentity(ctx, user, caller, input, now);
  const erasureAt = new Date(now.getTime() + ctx.config.ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  const sessionIds = await sessionRepository.liveIdsOfUser(ctx.prisma, user.id);
  await inTransaction(ctx, async (tx, emit) => {
    await userRepository.update(tx, user.id, { deletionScheduledAt: erasureAt });
    await revokeSessions(tx, emit, user.id, sessionIds, 'account deletion requested');
    await recordSelfDeletionStep(
      emit,
      user.id,
      {
        actionType: 'user_deactivate',
        description: `${user.email} deleted their own account; it is erased on ${erasureAt.toISOString()} unless they sign in before`,
      },
      {
        sessionId: caller.sessionId,
        meta: caller.meta,
        details: {
          erasureAt: erasureAt.toISOString(),
          confirmedWith: input.passkey ? 'passkey' : user.passwordHash ? 'password' : 'recent sign-in',
        },
      },
    );
  });
  await forgetRevokedSessions(ctx, sessionIds);
  ctx.logger.info({ userId: user.id, erasureAt }, 'member deleted their account; erasure scheduled');
  if (!(await ctx.mailer.send(deletionScheduledMail(ctx.config.PUBLIC_URL, user.email, user.firstName, erasureAt))))
    ctx.logger.warn({ userId: user.id }, 'account-deletion mail not sent');
  return { message: MESSAGES.scheduled, erasureAt: erasureAt.toISOString() };
}

/**
 * Erases every account whose grace period is over at `now`: the row goes (its sessions, tokens,
 * two-factor and passkeys with it) and auth.user.deleted tells every service to erase or anonymise
 * what it holds, each in its own idempotent consumer. Safe on every replica at once: an account is
 * deleted, and its event emitted, only by the one transaction that still finds it due.
 */
export async function eraseAccountsPastGrace(ctx: AuthContext, now = new Date()): Promise<number> {
  let erased = 0;
  for (const userId of await userRepository.idsDueForErasure(ctx.prisma, now, ERASURE_BATCH)) {
    const deleted = await inTransaction(ctx, async (tx, emit) => {
      if ((await userRepository.deleteIfDueForErasure(tx, userId, now)) === 0) return false;
      await emit(SUBJECTS.userDeleted, { id: userId });
      // No address in the record: erasing it is the point.
      await recordSelfDeletionStep(
        emit,
        userId,
        { actionType: 'user_delete', description: `Erased account ${userId} at the end of its grace period` },
        { sessionId: null, meta: null },
      );
      return true;
    });
    if (deleted) erased += 1;
  }
  if (erased > 0) ctx.logger.info({ erased }, 'accounts erased after their grace period');
  return erased;
}
