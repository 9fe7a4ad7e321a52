import type { AccessLevel, UserEventPayload } from '@crucible/proto';
import { execute, rows, type Db } from './db.ts';

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

const UPSERT = `
  INSERT INTO users (id, email, first_name, last_name, profile_image_url, access_level, is_admin, is_moderator)
  VALUES ($1::uuid, $2, $3, $4, $5, $6::access_level, $7, $8)
  ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name,
    last_name = EXCLUDED.last_name, profile_image_url = EXCLUDED.profile_image_url,
    access_level = EXCLUDED.access_level, is_admin = EXCLUDED.is_admin,
    is_moderator = EXCLUDED.is_moderator, updated_at = now()`;

const values = (user: UserEventPayload) => [
  user.id,
  user.email,
  user.firstName,
  user.lastName,
  user.profileImageUrl,
  user.accessLevel,
  user.isAdmin,
  user.isModerator,
];

export const userReplica = {
  upsert: (db: Db, user: UserEventPayload) => execute(db, UPSERT, ...values(user)),
  insertIfMissing: (db: Db, user: UserEventPayload) =>
    execute(db, `${UPSERT.split('ON CONFLICT')[0]} ON CONFLICT (id) DO NOTHING`, ...values(user)),
  delete: (db: Db, id: string) => execute(db, `DELETE FROM users WHERE id = $1::uuid`, id),
  async findById(db: Db, id: string): Promise<KnownUser | null> {
    const [row] = await rows<KnownUser>(
      db,
      `SELECT id::text, email, first_name AS "firstName", last_name AS "lastName",
         profile_image_url AS "profileImageUrl", access_level::text AS "accessLevel", is_admin AS "isAdmin",
         joined_at AS "joinedAt"
       FROM users WHERE id = $1::uuid`,
      id,
    );
    return row ?? null;
  },
  /** The names and picture a profile change sets here at once; auth's event confirms them later. */
  setIdentity: (
    db: Db,
    id: string,
    identity: { firstName?: string | null; lastName?: string | null; profileImageUrl?: string | null },
  ) =>
    execute(
      db,
      `UPDATE users SET
         first_name = CASE WHEN $2 THEN $3 ELSE first_name END,
         last_name = CASE WHEN $4 THEN $5 ELSE last_name END,
         profile_image_url = CASE WHEN $6 THEN $7 ELSE profile_image_url END,
         updated_at = now()
       WHERE id = $1::uuid`,
      id,
      identity.firstName !== undefined,
      identity.firstName ?? null,
      identity.lastName !== undefined,
      identity.lastName ?? null,
      identity.profileImageUrl !== undefined,
      identity.profileImageUrl ?? null,
    ),
};
