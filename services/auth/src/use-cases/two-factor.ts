import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  ACCOUNT_SECURITY_MESSAGES as MESSAGES,
  type RecoveryCodes,
  type SecurityPolicy,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@crucible/proto';
import { BadRequestError, UnauthorizedError, requireAdmin, type Caller } from '@crucible/platform';
import {
  recoveryCodeRepository,
  securityPolicyRepository,
  twoFactorChallengeRepository,
  twoFactorRepository,
} from '../repositories/two-factor.ts';
import { userRepository, type User } from '../repositories/users.ts';
import { recordAdminAction } from './admin-users.ts';
import { inTransaction, type AuthContext, type RequestMeta } from './context.ts';
import { startSession, welcomeMessage, type StartedSession } from './sessions.ts';

/** RFC 6238 as authenticator apps implement it: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side, for clocks a little apart (the usual window). */
const WINDOW_STEPS = 1;
const CHALLENGE_TTL_MINUTES = 5;
/** Wrong codes one challenge takes before the member must give the password again. */
const CHALLENGE_MAX_FAILURES = 5;
const RECOVERY_CODE_COUNT = 10;
/** Lowercase base32 without look-alikes' trouble: codes are read off paper and typed. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const ISSUER = 'Crucible';

const STAFF_LEVELS = new Set(['Admin', 'Core']);

function totpFor(user: Pick<User, 'email'>, secret: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: user.email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a six-digit code belongs to, or null when it is not valid now. */
function stepOfCode(totp: TOTP, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.validate({ token: code, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** As printed (`abcde-fghij`), whatever case or spacing the member typed. */
function normalizeRecoveryCode(code: string): string | null {
  const compact = code.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{10}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : null;
}

function isStaff(user: Pick<User, 'accessLevel' | 'isAdmin'>): boolean {
  return user.isAdmin || STAFF_LEVELS.has(user.accessLevel);
}

async function memberOf(ctx: AuthContext, caller: Caller): Promise<User> {
  const user = await userRepository.findById(ctx.prisma, caller.userId);
  if (!user) throw new UnauthorizedError();
  return user;
}

function refuseExternal(user: User): void {
  if (user.authProvider !== 'email') throw new BadRequestError(MESSAGES.externalAccount);
}

export async function isTwoFactorOn(ctx: AuthContext, userId: string): Promise<boolean> {
  const secret = await twoFactorRepository.find(ctx.prisma, userId);
  return Boolean(secret?.enabledAt);
}

export async function twoFactorStatus(ctx: AuthContext, caller: Caller): Promise<TwoFactorStatus> {
  const user = await memberOf(ctx, caller);
  const [secret, recoveryCodesLeft, policy] = await Promise.all([
    twoFactorRepository.find(ctx.prisma, user.id),
    recoveryCodeRepository.countUnused(ctx.prisma, user.id),
    securityPolicyRepository.get(ctx.prisma),
  ]);
  const enabled = Boolean(secret?.enabledAt);
  const available = user.authProvider === 'email';
  return {
    enabled,
    enabledAt: secret?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? recoveryCodesLeft : 0,
    setupRequired: available && !enabled && Boolean(policy?.requireTwoFactorForStaff) && isStaff(user),
    available,
  };
}

/** A fresh secret to scan; two-factor stays as it was until `enableTwoFactor` confirms a code. */
export async function startTwoFactorSetup(ctx: AuthContext, caller: Caller): Promise<TwoFactorSetup> {
  const user = await memberOf(ctx, caller);
  refuseExternal(user);
  if (await isTwoFactorOn(ctx, user.id)) throw new BadRequestError(MESSAGES.twoFactorAlreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await twoFactorRepository.offer(ctx.prisma, user.id, secret);
  const otpauthUrl = totpFor(user, secret).toString();
  return { secret, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

async function issueRecoveryCodes(ctx: AuthContext, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.prisma.$transaction((tx) => recoveryCodeRepository.replace(tx, userId, codes));
  return codes;
}

export async function enableTwoFactor(ctx: AuthContext, caller: Caller, code: string): Promise<RecoveryCodes> {
  const user = await memberOf(ctx, caller);
  refuseExternal(user);
  const secret = await twoFactorRepository.find(ctx.prisma, user.id);
  if (secret?.enabledAt) throw new BadRequestError(MESSAGES.twoFactorAlreadyOn);
  if (!secret) throw new BadRequestError(MESSAGES.noPendingSetup);
  await ctx.limits.twoFactorFailuresPerAccount.check(user.id);
  const step = stepOfCode(totpFor(user, secret.secret), code.trim());
  if (step === null) {
    await ctx.limits.twoFactorFailuresPerAccount.record(user.id);
    throw new BadRequestError(MESSAGES.codeInvalid);
  }
  await twoFactorRepository.enable(ctx.prisma, user.id, step);
  return { message: MESSAGES.twoFactorOn, recoveryCodes: await issueRecoveryCodes(ctx, user.id) };
}

/**
 * A code from the app (accepted once: its step must be later than the last accepted one) or an
 * unused recovery code. Failures count against the account, whatever challenge they came with.
 */
async function acceptCode(ctx: AuthContext, user: User, code: string): Promise<boolean> {
  await ctx.limits.twoFactorFailuresPerAccount.check(user.id);
  const secret = await twoFactorRepository.find(ctx.prisma, user.id);
  if (!secret?.enabledAt) return false;
  const trimmed = code.trim();
  const step = stepOfCode(totpFor(user, secret.secret), trimmed);
  const recoveryCode = step === null ? normalizeRecoveryCode(trimmed) : null;
  const accepted =
    step !== null
      ? await twoFactorRepository.claimStep(ctx.prisma, user.id, step)
      : recoveryCode !== null && (await recoveryCodeRepository.redeem(ctx.prisma, user.id, recoveryCode));
  if (!accepted) await ctx.limits.twoFactorFailuresPerAccount.record(user.id);
  else await ctx.limits.twoFactorFailuresPerAccount.reset(user.id);
  return accepted;
}

export async function regenerateRecoveryCodes(ctx: AuthContext, caller: Caller, code: string): Promise<RecoveryCodes> {
  const user = await memberOf(ctx, caller);
  if (!(await isTwoFactorOn(ctx, user.id))) throw new BadRequestError(MESSAGES.twoFactorNotOn);
  if (!(await acceptCode(ctx, user, code))) throw new BadRequestError(MESSAGES.codeInvalid);
  return { message: MESSAGES.twoFactorOn, recoveryCodes: await issueRecoveryCodes(ctx, user.id) };
}

export async function disableTwoFactor(
  ctx: AuthContext,
  caller: Caller,
  input: { password: string; code: string },
): Promise<{ message: string }> {
  const user = await memberOf(ctx, caller);
  if (!(await isTwoFactorOn(ctx, user.id))) throw new BadRequestError(MESSAGES.twoFactorNotOn);
  if (!(await ctx.hasher.verify(user.passwordHash, input.password))) {
    throw new BadRequestError(MESSAGES.passwordIncorrect);
  }
  if (!(await acceptCode(ctx, user, input.code))) throw new BadRequestError(MESSAGES.codeInvalid);
  await ctx.prisma.$transaction(async (tx) => {
    await twoFactorRepository.remove(tx, user.id);
    await recoveryCodeRepository.removeAll(tx, user.id);
  });
  return { message: MESSAGES.twoFactorOff };
}

/** After a correct password, when two-factor is on: the challenge the code must come back with. */
export async function issueSignInChallenge(ctx: AuthContext, user: User, meta: RequestMeta): Promise<string> {
  await twoFactorChallengeRepository.deleteExpired(ctx.prisma, new Date(Date.now() - 3_600_000));
  return twoFactorChallengeRepository.issue(ctx.prisma, {
    userId: user.id,
    ttlMinutes: CHALLENGE_TTL_MINUTES,
    ...meta,
  });
}

export async function signInWithTwoFactor(
  ctx: AuthContext,
  input: { challenge: string; code: string },
  meta: RequestMeta,
): Promise<{ message: string; session: StartedSession }> {
  const challenge = await twoFactorChallengeRepository.findLive(ctx.prisma, input.challenge, CHALLENGE_MAX_FAILURES);
  if (!challenge) throw new UnauthorizedError(MESSAGES.challengeExpired);
  const user = await userRepository.findById(ctx.prisma, challenge.userId);
  if (!user) throw new UnauthorizedError(MESSAGES.challengeExpired);
  if (!(await acceptCode(ctx, user, input.code))) {
    await twoFactorChallengeRepository.recordFailure(ctx.prisma, challenge.id);
    throw new UnauthorizedError(MESSAGES.codeInvalid);
  }
  if (!(await twoFactorChallengeRepository.use(ctx.prisma, challenge.id))) {
    throw new UnauthorizedError(MESSAGES.challengeExpired);
  }
  const session = await startSession(ctx, user, meta);
  return { message: welcomeMessage(user, session), session };
}

async function securityPolicy(ctx: AuthContext): Promise<SecurityPolicy> {
  const policy = await securityPolicyRepository.get(ctx.prisma);
  return {
    requireTwoFactorForStaff: policy?.requireTwoFactorForStaff ?? false,
    updatedAt: policy?.updatedAt.toISOString() ?? null,
  };
}

export async function getSecurityPolicy(ctx: AuthContext, caller: Caller): Promise<SecurityPolicy> {
  requireAdmin(caller);
  return securityPolicy(ctx);
}

/** Applies from each member's next sign-in: they are asked to set two-factor up, not locked out. */
export async function setSecurityPolicy(
  ctx: AuthContext,
  caller: Caller,
  input: { requireTwoFactorForStaff: boolean },
): Promise<SecurityPolicy> {
  requireAdmin(caller);
  await inTransaction(ctx, async (tx, emit) => {
    await securityPolicyRepository.set(tx, {
      requireTwoFactorForStaff: input.requireTwoFactorForStaff,
      updatedBy: caller.userId,
    });
    await recordAdminAction(emit, caller, {
      actionType: 'security_policy_updated',
      targetUserId: null,
      description: input.requireTwoFactorForStaff
        ? 'Required two-factor sign-in of Admin and Core members'
        : 'Stopped requiring two-factor sign-in of Admin and Core members',
      details: { requireTwoFactorForStaff: input.requireTwoFactorForStaff },
    });
  });
  return securityPolicy(ctx);
}
