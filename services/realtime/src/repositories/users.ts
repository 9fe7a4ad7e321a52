import type pg from 'pg';
import type { AccessLevel } from '@crucible/proto';

export interface UserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  accessLevel: AccessLevel;
}

export type UserFields = UserRow;

const COLUMNS = `id, email, first_name AS "firstName", last_name AS "lastName",
  profile_image_url AS "profileImageUrl", access_level AS "accessLevel"`;

const UPSERT = `INSERT INTO users (id, email, first_name, last_name, profile_image_url, access_level)
  VALUES ($1, $2, $3, $4, $5, $6)`;
const VALUES = (user: UserFields) => [
  user.id,
  user.email,
  user.firstName,
  user.lastName,
  user.profileImageUrl,
  user.accessLevel,
];

export const users = {
  async byIds(db: pg.Pool | pg.PoolClient, ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return (await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ANY($1::uuid[])`, [ids])).rows;
  },
  async upsert(db: pg.Pool | pg.PoolClient, user: UserFields): Promise<void> {
    await db.query(
      `${UPSERT} ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name,
         last_name = EXCLUDED.last_name, profile_image_url = EXCLUDED.profile_image_url,
         access_level = EXCLUDED.access_level, updated_at = now()`,
      VALUES(user),
    );
  },
  async insertIfMissing(db: pg.Pool | pg.PoolClient, user: UserFields): Promise<void> {
    await db.query(`${UPSERT} ON CONFLICT (id) DO NOTHING`, VALUES(user));
  },
  async delete(db: pg.Pool | pg.PoolClient, id: string): Promise<void> {
    await db.query(`DELETE FROM users WHERE id = $1`, [id]);
  },
};
