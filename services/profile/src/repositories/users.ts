import type { AccessLevel, UserEventPayload } from '@crucible/proto';
import type { Db } from './db.ts';

export interface KnownUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  accessLevel: AccessLevel;
  isAdmin: boolean;
  joinedAt: Date;
}

/** The replica's columns of a user from auth's event. */
const fieldsOf = (user: UserEventPayload) => ({
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  accessLevel: user.accessLevel,
  isAdmin: user.isAdmin,
  isModerator: user.isModerator,
});

export const userReplica = {
  /** Inserts the user or overwrites the replica's copy; answers the rows written (1). */
  upsert: async (db: Db, user: UserEventPayload): Promise<number> => {
    await db.user.upsert({
      where: { id: user.id },
      create: { id: user.id, ...fieldsOf(user) },
      update: { ...fieldsOf(user), updatedAt: new Date() },
      select: { id: true },
    });
    return 1;
  },
  /** Inserts the user unless the replica already has them; answers the rows written (0 or 1). */
  insertIfMissing: async (db: Db, user: UserEventPayload): Promise<number> =>
    (await db.user.createMany({ data: [{ id: user.id, ...fieldsOf(user) }], skipDuplicates: true })).count,
  delete: async (db: Db, id: string): Promise<number> => (await db.user.deleteMany({ where: { id } })).count,
  findById: (db: Db, id: string): Promise<KnownUser | null> =>
    db.user.findUnique({
      where: { id },
      select: {
        id: true,
        email: true,
        firstName: true,
        lastName: true,
        profileImageUrl: true,
        accessLevel: true,
        isAdmin: true,
        joinedAt: true,
      },
    }),
  /** The names and picture a profile change sets here at once; auth's event confirms them later. */
  setIdentity: async (
    db: Db,
    id: string,
    identity: { firstName?: string | null; lastName?: string | null; profileImageUrl?: string | null },
  ): Promise<number> =>
    (
      await db.user.updateMany({
        where: { id },
        data: {
          firstName: identity.firstName,
          lastName: identity.lastName,
          profileImageUrl: identity.profileImageUrl,
          updatedAt: new Date(),
        },
      })
    ).count,
};
