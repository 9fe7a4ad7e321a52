import type { AccessLevel, AdminUserSort, AdminUserStatus } from '@crucible/proto';
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
  /** Ends a pending deletion that is not yet due; 0 when there was none (another sign-in ended it first). */
  cancelDeletionIfPending: async (db: Db, id: string, now: Date) =>
    (await db.user.updateMany({ where: { id, deletionScheduledAt: { gt: now } }, data: { deletionScheduledAt: null } }))
      .count,
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
  /**
   * The users table's page, filtered and ordered in SQL (last seen is the latest use of any of the
   * member's sessions), with each member's last-seen time.
   */
  async page(db: Db, options: AdminUserListOptions) {
    const where = adminListWhere(options);
    const order = {
      joined: Prisma.sql`u.created_at DESC, u.id`,
      name: Prisma.sql`lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.id`,
      last_seen: Prisma.sql`last_seen_at DESC NULLS LAST, u.id`,
    }[options.sort];
    const [rows, [counted]] = await Promise.all([
      db.$queryRaw<{ id: string; last_seen_at: Date | null }[]>`
        SELECT u.id, (SELECT max(s.last_seen_at) FROM auth.sessions s WHERE s.user_id = u.id) AS last_seen_at
          FROM auth.users u WHERE ${where}
          ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset}`,
      db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM auth.users u WHERE ${where}`,
    ]);
    const byId = new Map(
      (await db.user.findMany({ where: { id: { in: rows.map((row) => row.id) } } })).map((user) => [user.id, user]),
    );
    return {
      users: rows.flatMap((row) => {
        const user = byId.get(row.id);
        return user ? [{ user, lastSeenAt: row.last_seen_at }] : [];
      }),
      total: counted?.total ?? 0,
    };
  },

  /** The latest use of any of the member's sessions (the users table's last seen); null when never. */
  lastSeenOf: async (db: Db, userId: string): Promise<Date | null> =>
    (await db.session.aggregate({ where: { userId }, _max: { lastSeenAt: true } }))._max.lastSeenAt,

  /** Active admins (the flag or the Admin level) other than `userId`. */
  otherActiveAdmins: (db: Db, userId: string) =>
    db.user.count({
      where: { id: { not: userId }, deactivatedAt: null, OR: [{ isAdmin: true }, { accessLevel: 'Admin' }] },
    }),

  /** Serializes changes that could remove an admin, so two of them cannot each leave the other as the last. */
  lockAdmins: (tx: Prisma.TransactionClient) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('auth.admins'))`,
};

export interface AdminUserListOptions {
  limit: number;
  offset: number;
  search?: string;
  tier?: AccessLevel;
  status?: AdminUserStatus;
  role?: 'admin' | 'member';
  sort: AdminUserSort;
}

const STATUS_SQL: Record<AdminUserStatus, Prisma.Sql> = {
  deactivated: Prisma.sql`u.deactivated_at IS NOT NULL`,
  suspended: Prisma.sql`u.deactivated_at IS NULL AND u.suspended_until > now()`,
  unverified: Prisma.sql`u.deactivated_at IS NULL AND (u.suspended_until IS NULL OR u.suspended_until <= now()) AND NOT u.email_verified`,
  active: Prisma.sql`u.deactivated_at IS NULL AND (u.suspended_until IS NULL OR u.suspended_until <= now()) AND u.email_verified`,
};

/** The admin list's filters as SQL: the same name and e-mail search as searchFilter, the tier, status and role. */
function adminListWhere(options: AdminUserListOptions): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (options.search) {
    const like = (text: string) => `%${literal(text)}%`;
    const [first, ...rest] = options.search.split(/\s+/);
    conditions.push(
      Prisma.sql`(u.email ILIKE ${like(options.search)} OR u.first_name ILIKE ${like(options.search)}
        OR u.last_name ILIKE ${like(options.search)}
        OR (${rest.length > 0} AND u.first_name ILIKE ${like(first!)} AND u.last_name ILIKE ${like(rest.join(' '))}))`,
    );
  }
  if (options.tier) conditions.push(Prisma.sql`u.access_level::text = ${options.tier}`);
  if (options.status) conditions.push(STATUS_SQL[options.status]);
  if (options.role === 'admin') conditions.push(Prisma.sql`(u.is_admin OR u.access_level = 'Admin')`);
  if (options.role === 'member') conditions.push(Prisma.sql`NOT u.is_admin AND u.access_level <> 'Admin'`);
  return Prisma.join(conditions, ' AND ');
}

export function isNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';
}
