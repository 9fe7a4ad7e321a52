import type { AccessLevel } from '@crucible/proto';
import { Prisma, type User } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

export type { User };
/** Prisma's `contains` becomes ILIKE '%text%' without escaping, so `%` and `_` would match anything. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Whose e-mail a search may match on: everyone's (admins), or the viewer's own and those whose
 * contact-information tier is one of `tiers` (`defaultTierVisible`: also those who set none).
 */
export type EmailMatch = 'all' | { viewerId: string; tiers: AccessLevel[]; defaultTierVisible: boolean };

function emailVisibleWhere(match: EmailMatch): Prisma.UserWhereInput {
  if (match === 'all') return {};
  return {
    OR: [
      { id: match.viewerId },
      { contactInfoVisible: { in: match.tiers } },
      ...(match.defaultTierVisible ? [{ contactInfoVisible: null }] : []),
    ],
  };
}

/** Matches names, and the e-mails `emailMatch` allows, by substring (the trigram index serves it). */
function searchFilter(text: string | undefined, emailMatch: EmailMatch = 'all'): Prisma.UserWhereInput {
  if (!text) return {};
  const contains = { contains: literal(text), mode: 'insensitive' as const };
  const [first, ...rest] = text.split(/\s+/);
  const fullName = rest.length
    ? [
        {
          firstName: { contains: literal(first!), mode: 'insensitive' as const },
          lastName: { contains: literal(rest.join(' ')), mode: 'insensitive' as const },
        },
      ]
    : [];
  return {
    OR: [
      { AND: [{ email: contains }, emailVisibleWhere(emailMatch)] },
      { firstName: contains },
      { lastName: contains },
      ...fullName,
    ],
  };
}

export const userRepository = {
  /** Profile's contact-information tier, unless a later change is stored already (events may come out of order). */
  applyContactTier: (db: Db, id: string, tier: AccessLevel, changedAt: Date) =>
    db.user.updateMany({
      where: { id, OR: [{ contactInfoChangedAt: null }, { contactInfoChangedAt: { lte: changedAt } }] },
      data: { contactInfoVisible: tier, contactInfoChangedAt: changedAt },
    }),
  findById: (db: Db, id: string) => db.user.findUnique({ where: { id } }),
  findByEmail: (db: Db, email: string) => db.user.findUnique({ where: { email } }),
  findByExternalSubject: (db: Db, externalSubject: string) => db.user.findUnique({ where: { externalSubject } }),
  create: (db: Db, data: Prisma.UserCreateInput) => db.user.create({ data }),
  update: (db: Db, id: string, data: Prisma.UserUpdateInput) => db.user.update({ where: { id }, data }),
  delete: (db: Db, id: string) => db.user.delete({ where: { id } }),
  count: (db: Db) => db.user.count(),
  /** Accounts whose own deletion's grace period is over at `now`, oldest first. */
  idsDueForErasure: async (db: Db, now: Date, limit: number) =>
    (
      await db.user.findMany({
        where: { deletionScheduledAt: { lte: now } },
        orderBy: { deletionScheduledAt: 'asc' },
        select: { id: true },
        take: limit,
      })
    ).map((user) => user.id),
  /**
   * Deletes the account only while its erasure is still due: a sign-in that restored it meanwhile, or
   * another replica that erased it first, leaves nothing to delete (0).
   */
  deleteIfDueForErasure: async (db: Db, id: string, now: Date) =>
    (await db.user.deleteMany({ where: { id, deletionScheduledAt: { lte: now } } })).count,
  /** `levels`: only members at one of them, or admins (by the flag). */
  search: (db: Db, text: string, limit: number, options: { emailMatch: EmailMatch; levels?: AccessLevel[] }) =>
    db.user.findMany({
      where: {
        AND: [
          searchFilter(text, options.emailMatch),
          options.levels ? { OR: [{ accessLevel: { in: options.levels } }, { isAdmin: true }] } : {},
        ],
      },
      orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
      take: limit,
    }),
  /** Active members only: a deactivated or suspended account is offered nowhere (assignees, the Core list). */
  listActiveByAccessLevel: (db: Db, accessLevel: AccessLevel) =>
    db.user.findMany({
      where: {
        accessLevel,
        deactivatedAt: null,
        deletionScheduledAt: null,
        OR: [{ suspendedUntil: null }, { suspendedUntil: { lte: new Date() } }],
      },
      orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
    }),
  async page(db: Db, options: { limit: number; offset: number; search?: string }) {
    const where = searchFilter(options.search);
    const [users, total] = await Promise.all([
      db.user.findMany({ where, orderBy: { createdAt: 'desc' }, take: options.limit, skip: options.offset }),
      db.user.count({ where }),
    ]);
    return { users, total };
  },
};

export function isNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';
}
