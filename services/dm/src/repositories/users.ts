import {
  FORMER_MEMBER_NAME,
  emailSeenBy,
  type AccessLevel,
  type ContactViewer,
  type ConversationUser,
  type UserEventPayload,
} from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import type { Sql } from './sql.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export interface KnownUser extends ConversationUser {
  isAdmin: boolean;
}

const KNOWN_USER = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  preferredName: true,
  accessLevel: true,
  profileImageUrl: true,
  isAdmin: true,
} as const;

/** The columns a conversation shows of a member, for the hand-written reads (from `conversationUserJoin`). */
export const CONVERSATION_USER_COLUMNS = `u.email, u.first_name, u.last_name, u.preferred_name, u.access_level, u.profile_image_url, ms.contact_info_visible, fm.user_id IS NOT NULL AS former_member`;
/** The member named by `idColumn`, their privacy settings and whether their account was deleted, as `u`, `ms` and `fm`. */
export const conversationUserJoin = (idColumn: string) =>
  `LEFT JOIN users u ON u.id = ${idColumn} LEFT JOIN member_settings ms ON ms.user_id = ${idColumn} LEFT JOIN former_members fm ON fm.user_id = ${idColumn}`;
export interface ConversationUserRow {
  /** Their account was deleted; their messages stay with their partners. */
  former_member: boolean;
  email: string | null;
  contact_info_visible: AccessLevel | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
  access_level: AccessLevel | null;
  profile_image_url: string | null;
}

const EMPTY_ROW: ConversationUserRow = {
  former_member: false,
  email: null,
  contact_info_visible: null,
  first_name: null,
  last_name: null,
  preferred_name: null,
  access_level: null,
  profile_image_url: null,
};

/**
 * A member the replica does not know yet shows with their id only (auth's event is on its way); a
 * deleted one as 'Former member' and nothing else; the e-mail only where contact-information privacy
 * lets the viewer see it (proto's rule).
 */
export function conversationUserOf(viewer: ContactViewer, id: string, row: ConversationUserRow): ConversationUser {
  if (row.former_member) {
    return {
      id,
      email: null,
      firstName: FORMER_MEMBER_NAME,
      lastName: null,
      preferredName: null,
      accessLevel: 'Public',
      profileImageUrl: null,
    };
  }
  return {
    id,
    email: emailSeenBy(viewer, { id, email: row.email, contactInfoVisible: row.contact_info_visible }),
    firstName: row.first_name,
    lastName: row.last_name,
    preferredName: row.preferred_name,
    accessLevel: row.access_level ?? 'Public',
    profileImageUrl: row.profile_image_url,
  };
}

/** auth's events carry no preferred name yet; one they start sending is kept (the schema lets it through). */
function replicaFields(user: UserEventPayload & { preferredName?: string | null }) {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    preferredName: user.preferredName ?? null,
    profileImageUrl: user.profileImageUrl,
    accessLevel: user.accessLevel,
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    isActive: user.isActive ?? true,
    suspendedUntil: user.suspendedUntil ? new Date(user.suspendedUntil) : null,
    updatedAt: new Date(),
  };
}

export const userReplica = {
  upsert: (db: Db, user: UserEventPayload) => {
    const fields = replicaFields(user);
    return db.user.upsert({ where: { id: user.id }, create: { id: user.id, ...fields }, update: fields });
  },
  insertIfMissing: async (db: Db, user: UserEventPayload): Promise<void> => {
    await db.user.createMany({ data: [{ id: user.id, ...replicaFields(user) }], skipDuplicates: true });
  },
  exists: async (sql: Sql, id: string): Promise<boolean> =>
    (await sql(`SELECT 1 FROM users WHERE id = $1::uuid`, [id])).length > 0,
  /** Whether the member's account is active and not suspended now (unknown: false). */
  reachable: async (sql: Sql, id: string): Promise<boolean> =>
    (
      await sql(
        `SELECT 1 FROM users WHERE id = $1::uuid AND is_active AND (suspended_until IS NULL OR suspended_until <= now())`,
        [id],
      )
    ).length > 0,
  isFormerMember: async (sql: Sql, id: string): Promise<boolean> =>
    (await sql(`SELECT 1 FROM former_members WHERE user_id = $1::uuid`, [id])).length > 0,
  delete: (db: Db, id: string) => db.user.deleteMany({ where: { id } }),
  conversationUser: async (sql: Sql, viewer: ContactViewer, id: string): Promise<ConversationUser> => {
    const [row] = await sql<ConversationUserRow>(
      `SELECT ${CONVERSATION_USER_COLUMNS} FROM (SELECT $1::uuid AS id) member ${conversationUserJoin('member.id')}`,
      [id],
    );
    return conversationUserOf(viewer, id, row ?? EMPTY_ROW);
  },
  findById: (db: Db, id: string): Promise<KnownUser | null> =>
    db.user.findUnique({ where: { id }, select: KNOWN_USER }),
  findMany: (db: Db, ids: string[]): Promise<KnownUser[]> =>
    ids.length ? db.user.findMany({ where: { id: { in: ids } }, select: KNOWN_USER }) : Promise.resolve([]),
};
