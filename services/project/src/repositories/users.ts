import type { AccessLevel, UserEventPayload } from '@crucible/proto';
import type { Db } from './db.ts';

export interface KnownUser {
  id: string;
  accessLevel: AccessLevel;
  isAdmin: boolean;
  isActive: boolean;
  suspendedUntil: Date | null;
}

const KNOWN_USER = { id: true, accessLevel: true, isAdmin: true, isActive: true, suspendedUntil: true } as const;

function replicaFields(user: UserEventPayload) {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    accessLevel: user.accessLevel,
    isAdmin: user.isAdmin,
    isActive: user.isActive ?? true,
    suspendedUntil: user.suspendedUntil ? new Date(user.suspendedUntil) : null,
    updatedAt: new Date(),
  };
}

export const userReplica = {
  upsert: (db: Db, user: UserEventPayload) =>
    db.user.upsert({
      where: { id: user.id },
      create: { id: user.id, ...replicaFields(user) },
      update: replicaFields(user),
    }),
  insertIfMissing: async (db: Db, user: UserEventPayload): Promise<void> => {
    await db.user.createMany({ data: [{ id: user.id, ...replicaFields(user) }], skipDuplicates: true });
  },
  delete: (db: Db, id: string) => db.user.deleteMany({ where: { id } }),
  findMany: (db: Db, ids: string[]): Promise<KnownUser[]> =>
    ids.length ? db.user.findMany({ where: { id: { in: ids } }, select: KNOWN_USER }) : Promise.resolve([]),
};
