import type { DataExport } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

export type DataExportRow = DataExport;

/** A member's data exports, and the claims and sweeps of the background builder. */
export const dataExportRepository = {
  create: (db: Db, data: { id: string; userId: string; partsTotal: number }) => db.dataExport.create({ data }),
  /** The member's export still being built, if any: a second request joins it. */
  findOpen: (db: Db, userId: string) =>
    db.dataExport.findFirst({
      where: { userId, status: { in: ['pending', 'running'] } },
      orderBy: { createdAt: 'desc' },
    }),
  findOfUser: (db: Db, userId: string, id: string) => db.dataExport.findFirst({ where: { id, userId } }),
  listOfUserSince: (db: Db, userId: string, since: Date) =>
    db.dataExport.findMany({ where: { userId, createdAt: { gte: since } }, orderBy: { createdAt: 'desc' } }),
  /**
   * Takes the oldest export waiting, or one whose builder stopped holding it (its lease ran out), for
   * `leaseSeconds`. SKIP LOCKED: instances claiming together take different ones.
   */
  async claimNext(db: Db, leaseSeconds: number): Promise<DataExportRow | null> {
    const [claimed] = await db.$queryRaw<{ id: string }[]>`
      UPDATE data_exports SET status = 'running', parts_done = 0,
             lease_until = now() + make_interval(secs => ${leaseSeconds})
       WHERE id = (SELECT id FROM data_exports
                    WHERE status = 'pending' OR (status = 'running' AND lease_until < now())
                    ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`;
    return claimed ? db.dataExport.findUnique({ where: { id: claimed.id } }) : null;
  },
  setProgress: (db: Db, id: string, partsDone: number) => db.dataExport.update({ where: { id }, data: { partsDone } }),
  markReady: (db: Db, id: string, data: { blobKey: string; sizeBytes: number; completedAt: Date; expiresAt: Date }) =>
    db.dataExport.update({ where: { id }, data: { ...data, status: 'ready', leaseUntil: null } }),
  markFailed: (db: Db, id: string, error: string) =>
    db.dataExport.update({
      where: { id },
      data: { status: 'failed', error, completedAt: new Date(), leaseUntil: null },
    }),
  /** Ready exports past their time, whose objects are to be deleted. */
  listExpired: (db: Db, now: Date) =>
    db.dataExport.findMany({ where: { status: 'ready', expiresAt: { lt: now } }, take: 100 }),
  /** Forgets failed and expired exports made before `before` (they hold no object any more). */
  deleteFinishedBefore: (db: Db, before: Date) =>
    db.dataExport.deleteMany({ where: { status: { in: ['failed', 'expired'] }, createdAt: { lt: before } } }),
  markExpired: (db: Db, id: string) =>
    db.dataExport.update({ where: { id }, data: { status: 'expired', blobKey: null } }),
  /**
   * Auth's part of a member's export: the account and how it signs in, never a credential (no
   * password hash, TOTP secret, recovery code or passkey key), or null for an unknown member.
   */
  async accountOf(db: Db, userId: string) {
    const account = await db.user.findUnique({
      where: { id: userId },
      omit: { passwordHash: true },
    });
    if (!account) return null;
    const [sessions, passkeys, twoFactor] = await Promise.all([
      db.session.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
      db.passkey.findMany({
        where: { userId },
        select: { name: true, transports: true, createdAt: true, lastUsedAt: true },
        orderBy: { createdAt: 'asc' },
      }),
      db.twoFactorSecret.findUnique({ where: { userId }, select: { enabledAt: true, createdAt: true } }),
    ]);
    return { account, sessions, passkeys, twoFactor };
  },
};
