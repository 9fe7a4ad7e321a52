import { createHash, randomBytes } from 'node:crypto';
import type { EmailTokenPurpose } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const emailTokenRepository = {
  /** Issues a new token (returned once, stored hashed) and retires the user's earlier ones of that purpose. */
  async issue(db: Db, options: { userId: string; purpose: EmailTokenPurpose; ttlMinutes: number }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db.emailToken.updateMany({
      where: { userId: options.userId, purpose: options.purpose, usedAt: null },
      data: { usedAt: new Date() },
    });
    await db.emailToken.create({
      data: {
        userId: options.userId,
        purpose: options.purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + options.ttlMinutes * 60_000),
      },
    });
    return token;
  },
  /**
   * Marks the token used and returns its user id, or null when unknown, used or expired. The
   * conditional update makes it single-use even under concurrent redemption.
   */
  async redeem(db: Db, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
    const tokenHash = hashToken(token);
    const { count } = await db.emailToken.updateMany({
      where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (count !== 1) return null;
    const row = await db.emailToken.findUnique({ where: { tokenHash }, select: { userId: true } });
    return row?.userId ?? null;
  },
};
