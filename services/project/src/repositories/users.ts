import type { AccessLevel, ProjectPerson, UserEventPayload } from '@crucible/proto';
import { query, type Db } from './db.ts';

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

const PERSON = { id: true, firstName: true, lastName: true, email: true } as const;

export const people = {
  /**
   * Every member a page may have to name on a project: Core members and admins (by level or flag)
   * and anyone any task lists as an assignee, whatever their level now.
   */
  onProjects: (db: Db): Promise<ProjectPerson[]> =>
    query<ProjectPerson>(
      db,
      `SELECT u.id::text AS id, u.first_name AS "firstName", u.last_name AS "lastName", u.email
         FROM users u
        WHERE u.access_level IN ('Core', 'Admin') OR u.is_admin
           OR EXISTS (SELECT 1 FROM task_assignees a WHERE a.user_id = u.id)
        ORDER BY u.first_name NULLS LAST, u.last_name NULLS LAST, u.id`,
    ),
  /** Assignee ids the replica has no row for (their event not applied yet): asked of auth. */
  unknownAssignees: async (db: Db): Promise<string[]> =>
    (
      await query<{ id: string }>(
        db,
        `SELECT DISTINCT a.user_id::text AS id FROM task_assignees a
          WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id)`,
      )
    ).map((row) => row.id),
  byIds: (db: Db, ids: string[]): Promise<ProjectPerson[]> =>
    ids.length ? db.user.findMany({ where: { id: { in: ids } }, select: PERSON }) : Promise.resolve([]),
};
