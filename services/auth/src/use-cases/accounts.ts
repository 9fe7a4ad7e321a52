import { setTimeout as sleep } from 'node:timers/promises';
import {
  ACCOUNT_SECURITY_MESSAGES,
  AUTH_MESSAGES,
  LIMITS,
  SUBJECTS,
  type ChangePasswordRequest,
  type CurrentUser,
  type ResetPasswordRequest,
  type SignInRequest,
  type SignUpRequest,
} from '@crucible/proto';
import { BadRequestError, ConflictError, UnauthorizedError, isUniqueViolation, type Caller } from '@crucible/platform';
import { isCommonPassword } from '../common-passwords.ts';
import { emailTokenRepository } from '../repositories/email-tokens.ts';
import { mailRequestRepository } from '../repositories/mail-requests.ts';
import { sessionRepository } from '../repositories/sessions.ts';
import { userRepository, type User } from '../repositories/users.ts';
import { noteSessionSeen } from './active-sessions.ts';
import { inTransaction, type AuthContext, type RequestMeta } from './context.ts';
import { passwordChangedMail, verificationMail } from './mails.ts';
import { signInDelayMs } from './sign-in-slowdown.ts';
import {
  forgetRevokedSessions,
  refreshSessionsOf,
  revokeSessions,
  startSession,
  welcomeMessage,
  type StartedSession,
} from './sessions.ts';
import { isTwoFactorOn, issueSignInChallenge } from './two-factor.ts';
import { toCurrentUser, toUserEventPayload } from './user-views.ts';

const VERIFY_TTL_MINUTES = LIMITS.emailVerificationTokenTtlHours * 60;

async function sendVerificationMail(ctx: AuthContext, user: User): Promise<boolean> {
  const token = await emailTokenRepository.issue(ctx.prisma, {
    userId: user.id,
    purpose: 'verify_email',
    ttlMinutes: VERIFY_TTL_MINUTES,
  });
  return ctx.mailer.send(verificationMail(ctx.config.PUBLIC_URL, user.email, user.firstName, token));
}

/** Every new password (sign-up, reset, change) is checked against the list of common ones. */
function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new BadRequestError(AUTH_MESSAGES.passwordTooCommon);
}

/** Told after every change or reset, so a member whose password was changed by someone else finds out. */
async function sendPasswordChangedMail(ctx: AuthContext, user: User): Promise<void> {
  if (!(await ctx.mailer.send(passwordChangedMail(ctx.config.PUBLIC_URL, user.email, user.firstName)))) {
    ctx.logger.warn({ userId: user.id }, 'password-changed mail not sent');
  }
}

/**
 * A member who was mailed a verification link is told to check their mail and is
 * not signed in; only when no mail went out are they signed in at once (cookie and token).
 */
export async function signUp(
  ctx: AuthContext,
  input: SignUpRequest,
  meta: RequestMeta,
): Promise<{ message: string; emailSent: boolean; session?: StartedSession }> {
  await ctx.limits.signUpPerIp.consume(meta.ipAddress ?? 'unknown');
  refuseCommonPassword(input.password);
  const passwordHash = await ctx.hasher.hash(input.password);
  let user: User;
  try {
    user = await inTransaction(ctx, async (tx, emit) => {
      const created = await userRepository.create(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
      });
      await emit(SUBJECTS.userCreated, toUserEventPayload(created));
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(AUTH_MESSAGES.emailTaken);
    throw error;
  }
  if (await sendVerificationMail(ctx, user)) {
    return { message: 'Account created. Please check your email to verify your account.', emailSent: true };
  }
  const session = await startSession(ctx, user, meta);
  return { message: 'Account created. You are now signed in.', emailSent: false, session };
}

export async function signIn(
  ctx: AuthContext,
  input: SignInRequest,
  meta: RequestMeta,
): Promise<{ message: string; session: StartedSession; user: User } | { message: string; challenge: string }> {
  const ip = meta.ipAddress ?? 'unknown';
  const pair = `${input.email} ${ip}`;
  const { signInPerIp, signInFailuresPerAccount, signInFailuresPerAccountAndIp } = ctx.limits;
  await signInPerIp.consume(ip);
  await signInFailuresPerAccountAndIp.check(pair);
  const failures = await signInFailuresPerAccount.hits(input.email);
  await sleep(
    signInDelayMs(failures, {
      freeFailures: ctx.config.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      baseMs: ctx.config.SIGNIN_SLOWDOWN_BASE_MS,
      maxMs: ctx.config.SIGNIN_SLOWDOWN_MAX_MS,
    }),
  );
  const user = await userRepository.findByEmail(ctx.prisma, input.email);
  const valid = await ctx.hasher.verify(user?.passwordHash, input.password);
  if (!user || !valid) {
    await Promise.all([signInFailuresPerAccountAndIp.record(pair), signInFailuresPerAccount.record(input.email)]);
    throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
  }
  // The account's own count stays: an attacker elsewhere must not get a fresh run of fast guesses
  // each time the owner signs in.
  await signInFailuresPerAccountAndIp.reset(pair);
  if (await isTwoFactorOn(ctx, user.id)) {
    return {
      message: ACCOUNT_SECURITY_MESSAGES.twoFactorRequired,
      challenge: await issueSignInChallenge(ctx, user, meta),
    };
  }
  const session = await startSession(ctx, user, meta);
  return { message: welcomeMessage(user, session), session, user };
}

/** Ends the caller's session; signing out without one has nothing to end. */
export async function signOut(ctx: AuthContext, caller: Caller | undefined): Promise<void> {
  if (!caller?.sessionId) return;
  const sessionIds = [caller.sessionId];
  await inTransaction(ctx, (tx, emit) => revokeSessions(tx, emit, caller.userId, sessionIds, 'signed out'));
  await forgetRevokedSessions(ctx, sessionIds);
}

/** The signed-in member; asking for it counts as the session being seen (the sessions list's 'last seen'). */
export async function currentUser(ctx: AuthContext, caller: Caller): Promise<CurrentUser> {
  const [user] = await Promise.all([userRepository.findById(ctx.prisma, caller.userId), noteSessionSeen(ctx, caller)]);
  if (!user) throw new UnauthorizedError();
  return toCurrentUser(user);
}

export async function verifyEmail(ctx: AuthContext, token: string): Promise<boolean> {
  const userId = await emailTokenRepository.redeem(ctx.prisma, token, 'verify_email');
  if (!userId) return false;
  const user = await inTransaction(ctx, async (tx, emit) => {
    const updated = await userRepository.update(tx, userId, { emailVerified: true });
    await emit(SUBJECTS.userUpdated, toUserEventPayload(updated));
    return updated;
  });
  await refreshSessionsOf(ctx, user);
  return true;
}

/**
 * Same answer, and the same work, whether or not the account exists: the address is only queued
 * (mail-sender.ts decides in the background whether a member gets a mail), so neither the answer
 * nor its timing can be used to find members.
 */
export async function requestPasswordReset(
  ctx: AuthContext,
  email: string,
  meta: RequestMeta,
): Promise<{ message: string }> {
  await ctx.limits.passwordResetPerIp.consume(meta.ipAddress ?? 'unknown');
  await ctx.limits.passwordResetPerAccount.consume(email);
  await queueMail(ctx, 'reset_password', email);
  return { message: AUTH_MESSAGES.resetRequested };
}

async function queueMail(ctx: AuthContext, purpose: 'reset_password' | 'verify_email', email: string): Promise<void> {
  await mailRequestRepository.enqueue(ctx.prisma, { purpose, email });
  ctx.mailSender.kick();
}

/** An admin's reset for a known member: queued like the member's own, refused for external accounts. */
export async function sendPasswordReset(ctx: AuthContext, user: User): Promise<boolean> {
  if (user.authProvider !== 'email') throw new BadRequestError(AUTH_MESSAGES.externalProviderNoReset);
  await queueMail(ctx, 'reset_password', user.email);
  return true;
}

/** Single-use, expiring token; every session of the member ends, since the old password may be known. */
export async function resetPassword(ctx: AuthContext, input: ResetPasswordRequest): Promise<{ message: string }> {
  refuseCommonPassword(input.password);
  const passwordHash = await ctx.hasher.hash(input.password);
  const { user, revoked } = await inTransaction(ctx, async (tx, emit) => {
    const userId = await emailTokenRepository.redeem(tx, input.token, 'reset_password');
    if (!userId) throw new BadRequestError(AUTH_MESSAGES.resetTokenInvalid);
    const user = await userRepository.update(tx, userId, { passwordHash, emailVerified: true });
    await emit(SUBJECTS.userUpdated, toUserEventPayload(user));
    const sessionIds = await sessionRepository.liveIdsOfUser(tx, userId);
    await revokeSessions(tx, emit, userId, sessionIds, 'password reset');
    return { user, revoked: sessionIds };
  });
  await forgetRevokedSessions(ctx, revoked);
  await sendPasswordChangedMail(ctx, user);
  return { message: AUTH_MESSAGES.resetDone };
}

/**
 * The signed-in member's own change. A wrong current password counts as a failed sign-in of the
 * account from that address (the same counters and 429), so a stolen session cannot guess it faster
 * than the sign-in page could. It is a 400, not a 401: the caller's session is fine.
 */
export async function changePassword(
  ctx: AuthContext,
  caller: Caller,
  input: ChangePasswordRequest,
): Promise<{ message: string }> {
  const user = await userRepository.findById(ctx.prisma, caller.userId);
  if (!user) throw new UnauthorizedError();
  if (user.authProvider !== 'email' || !user.passwordHash) {
    throw new BadRequestError(AUTH_MESSAGES.externalProviderNoPasswordChange);
  }
  const pair = `${user.email} ${caller.meta.ipAddress ?? 'unknown'}`;
  await ctx.limits.signInFailuresPerAccountAndIp.check(pair);
  if (!(await ctx.hasher.verify(user.passwordHash, input.currentPassword))) {
    await ctx.limits.signInFailuresPerAccountAndIp.record(pair);
    throw new BadRequestError(AUTH_MESSAGES.currentPasswordWrong);
  }
  refuseCommonPassword(input.newPassword);
  const passwordHash = await ctx.hasher.hash(input.newPassword);
  const revoked = await inTransaction(ctx, async (tx, emit) => {
    await userRepository.update(tx, user.id, { passwordHash });
    if (!input.signOutOtherSessions) return [];
    const others = await sessionRepository.liveIdsOfUser(tx, user.id, caller.sessionId ?? undefined);
    await revokeSessions(tx, emit, user.id, others, 'password changed');
    return others;
  });
  await forgetRevokedSessions(ctx, revoked);
  await sendPasswordChangedMail(ctx, user);
  return { message: AUTH_MESSAGES.passwordChanged };
}

/** The first admin, from ADMIN_EMAIL/ADMIN_PASSWORD; an existing account is left exactly as it is. */
export async function ensureInitialAdmin(
  ctx: AuthContext,
  email: string,
  password: string,
): Promise<'created' | 'exists'> {
  const normalized = email.trim().toLowerCase();
  if (await userRepository.findByEmail(ctx.prisma, normalized)) return 'exists';
  const passwordHash = await ctx.hasher.hash(password);
  try {
    await inTransaction(ctx, async (tx, emit) => {
      const admin = await userRepository.create(tx, {
        email: normalized,
        firstName: 'Admin',
        lastName: null,
        passwordHash,
        emailVerified: true,
        accessLevel: 'Admin',
        isAdmin: true,
      });
      await emit(SUBJECTS.userCreated, toUserEventPayload(admin));
    });
    return 'created';
  } catch (error) {
    // Another replica created it first.
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
}
