import { randomBytes } from 'node:crypto';
import type { Db } from './db.ts';
import { hashToken } from './email-tokens.ts';

export const twoFactorRepository = {
  find: (db: Db, userId: string) => db.twoFactorSecret.findUnique({ where: { userId } }),
  /** A new secret offered for set-up; an enabled one is never replaced here (see `offer`'s caller). */
  offer: (db: Db, userId: string, secret: string) =>
    db.twoFactorSecret.upsert({
      where: { userId },
      create: { userId, secret },
      update: { secret, enabledAt: null, lastUsedStep: null },
    }),
  enable: (db: Db, userId: string, step: number) =>
    db.twoFactorSecret.update({ where: { userId }, data: { enabledAt: new Date(), lastUsedStep: BigInt(step) } }),
  /**
   * Records `step` as used unless a code of this or a later step was accepted already; false means
   * the code is a replay. The conditional update decides it even when two sign-ins race.
   */
  async claimStep(db: Db, userId: string, step: number): Promise<boolean> {
    const { count } = await db.twoFactorSecret.updateMany({
      where: { userId, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: BigInt(step) } }] },
      data: { lastUsedStep: BigInt(step) },
    });
    return count === 1;
  },
  remove: (db: Db, userId: string) => db.twoFactorSecret.deleteMany({ where: { userId } }),
};

export const recoveryCodeRepository = {
  /** Replaces the member's codes with `codes` (stored hashed). */
  async replace(db: Db, userId: string, codes: string[]): Promise<void> {
    await db.recoveryCode.deleteMany({ where: { userId } });
    await db.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashToken(code) })) });
  },
  /** Uses the code once: true when it was the member's and unused. */
  async redeem(db: Db, userId: string, code: string): Promise<boolean> {
    const { count } = await db.recoveryCode.updateMany({
      where: { userId, codeHash: hashToken(code), usedAt: null },
      data: { usedAt: new Date() },
    });
    return count === 1;
  },
  countUnused: (db: Db, userId: string) => db.recoveryCode.count({ where: { userId, usedAt: null } }),
  removeAll: (db: Db, userId: string) => db.recoveryCode.deleteMany({ where: { userId } }),
};

export const twoFactorChallengeRepository = {
  /** A new single-use challenge; the token is returned once and stored hashed. */
  async issue(
    db: Db,
    data: { userId: string; ttlMinutes: number; ipAddress: string | null; userAgent: string | null },
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db.twoFactorChallenge.create({
      data: {
        userId: data.userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + data.ttlMinutes * 60_000),
        ipAddress: data.ipAddress,
        userAgent: data.userAgent?.slice(0, 500) ?? null,
      },
    });
    return token;
  },
  /** The live challenge (unused, unexpired, attempts left) for a token, or null. */
  findLive: (db: Db, token: string, maxFailedAttempts: number) =>
    db.twoFactorChallenge.findFirst({
      where: {
        tokenHash: hashToken(token),
        usedAt: null,
        expiresAt: { gt: new Date() },
        failedAttempts: { lt: maxFailedAttempts },
      },
    }),
  recordFailure: (db: Db, id: string) =>
    db.twoFactorChallenge.update({ where: { id }, data: { failedAttempts: { increment: 1 } } }),
  /** Marks it used; false when another request used it first. */
  async use(db: Db, id: string): Promise<boolean> {
    const { count } = await db.twoFactorChallenge.updateMany({
      where: { id, usedAt: null },
      data: { usedAt: new Date() },
    });
    return count === 1;
  },
  deleteExpired: (db: Db, before: Date) => db.twoFactorChallenge.deleteMany({ where: { expiresAt: { lt: before } } }),
};

export const securityPolicyRepository = {
  get: (db: Db) => db.securityPolicy.findUnique({ where: { id: 1 } }),
  set: (db: Db, data: { requireTwoFactorForStaff: boolean; updatedBy: string }) =>
    db.securityPolicy.upsert({
      where: { id: 1 },
      create: { id: 1, ...data },
      update: { ...data, updatedAt: new Date() },
    }),
};
