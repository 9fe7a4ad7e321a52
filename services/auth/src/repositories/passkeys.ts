import type { Db } from './db.ts';

export const passkeyRepository = {
  listOfUser: (db: Db, userId: string) => db.passkey.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
  findByCredentialId: (db: Db, credentialId: string) =>
    db.passkey.findUnique({ where: { credentialId }, include: { user: true } }),
  create: (
    db: Db,
    data: {
      userId: string;
      credentialId: string;
      publicKey: Uint8Array;
      counter: number;
      transports: string[];
      name: string;
    },
  ) =>
    db.passkey.create({
      data: { ...data, publicKey: Buffer.from(data.publicKey), counter: BigInt(data.counter) },
    }),
  recordUse: (db: Db, id: string, counter: number) =>
    db.passkey.update({ where: { id }, data: { counter: BigInt(counter), lastUsedAt: new Date() } }),
  /** Only the member's own: another member's passkey id matches nothing. */
  async rename(db: Db, userId: string, id: string, name: string) {
    const { count } = await db.passkey.updateMany({ where: { id, userId }, data: { name } });
    return count === 1 ? db.passkey.findUnique({ where: { id } }) : null;
  },
  async remove(db: Db, userId: string, id: string): Promise<boolean> {
    const { count } = await db.passkey.deleteMany({ where: { id, userId } });
    return count === 1;
  },
};

/** What a challenge was issued for; an answer serves only that ceremony. */
export type WebauthnPurpose = 'registration' | 'sign_in' | 'account_deletion';

export const webauthnChallengeRepository = {
  issue: (db: Db, data: { challenge: string; purpose: WebauthnPurpose; userId: string | null; ttlMinutes: number }) =>
    db.webauthnChallenge.create({
      data: {
        challenge: data.challenge,
        purpose: data.purpose,
        userId: data.userId,
        expiresAt: new Date(Date.now() + data.ttlMinutes * 60_000),
      },
    }),
  /**
   * Uses the challenge once and returns it, or null when unknown, used, expired, issued for another
   * purpose or another member's (`userId` null for a sign-in). The conditional update makes it single
   * use under races.
   */
  async redeem(db: Db, id: string, purpose: WebauthnPurpose, userId: string | null) {
    const { count } = await db.webauthnChallenge.updateMany({
      where: { id, purpose, userId, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    return count === 1 ? db.webauthnChallenge.findUnique({ where: { id } }) : null;
  },
  deleteExpired: (db: Db, before: Date) => db.webauthnChallenge.deleteMany({ where: { expiresAt: { lt: before } } }),
};
