import type { Db } from './db.ts';

export const sessionRepository = {
  create: (db: Db, data: { userId: string; expiresAt: Date; ipAddress?: string | null; userAgent?: string | null }) =>
    db.session.create({
      data: {
        userId: data.userId,
        expiresAt: data.expiresAt,
        ipAddress: data.ipAddress ?? null,
        userAgent: data.userAgent?.slice(0, 500) ?? null,
      },
    }),
  /** A session that is live: not revoked and not expired; with its user. */
  findLive: (db: Db, id: string) =>
    db.session.findFirst({ where: { id, revokedAt: null, expiresAt: { gt: new Date() } }, include: { user: true } }),
  liveIdsOfUser: async (db: Db, userId: string, exceptSessionId?: string) =>
    (
      await db.session.findMany({
        where: {
          userId,
          revokedAt: null,
          expiresAt: { gt: new Date() },
          ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}),
        },
        select: { id: true },
      })
    ).map((row) => row.id),
  /** The member's live sessions, newest use first. */
  listLive: (db: Db, userId: string) =>
    db.session.findMany({
      where: { userId, revokedAt: null, expiresAt: { gt: new Date() } },
      orderBy: [{ lastSeenAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }],
    }),
  /** Notes a use of the session, at most once per `everyMs`, so a busy member costs no write per request. */
  touch: (db: Db, id: string, everyMs: number) =>
    db.session.updateMany({
      where: {
        id,
        OR: [{ lastSeenAt: null }, { lastSeenAt: { lt: new Date(Date.now() - everyMs) } }],
      },
      data: { lastSeenAt: new Date() },
    }),
  revoke: (db: Db, ids: string[]) =>
    db.session.updateMany({ where: { id: { in: ids }, revokedAt: null }, data: { revokedAt: new Date() } }),
};
