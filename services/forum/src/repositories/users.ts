import type { AccessLevel, UserEventPayload } from '@crucible/proto';
import type { Db } from './db.ts';

export interface KnownUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  accessLevel: AccessLevel;
  isAdmin: boolean;
}

const KNOWN_USER = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  accessLevel: true,
  isAdmin: true,
} as const;

function replicaFields(user: UserEventPayload) {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    accessLevel: user.accessLevel,
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    updatedAt: new Date(),
  };
}

export const userReplica = {
  upsert: (db: Db, user: UserEventPayload) => {
    const fields = replicaFields(user);
    return db.user.upsert({ where: { id: user.id }, create: { id: user.id, ...fields }, update: fields });
  },
  /** Keeps a row already there: an event applied meanwhile is at least as new as an answer asked before it. */
  insertIfMissing: async (db: Db, user: UserEventPayload): Promise<void> => {
    await db.user.createMany({ data: [{ id: user.id, ...replicaFields(user) }], skipDuplicates: true });
  },
  delete: (db: Db, id: string) => db.user.deleteMany({ where: { id } }),
  findById: (db: Db, id: string): Promise<KnownUser | null> =>
    db.user.findUnique({ where: { id }, select: KNOWN_USER }),
  findMany: (db: Db, ids: string[]): Promise<KnownUser[]> =>
    ids.length ? db.user.findMany({ where: { id: { in: ids } }, select: KNOWN_USER }) : Promise.resolve([]),
  findByEmails: (db: Db, emails: string[]): Promise<KnownUser[]> =>
    emails.length
      ? db.user.findMany({
          where: { OR: emails.map((email) => ({ email: { equals: email, mode: 'insensitive' as const } })) },
          select: KNOWN_USER,
        })
      : Promise.resolve([]),
};
