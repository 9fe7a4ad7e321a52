import type { AccessLevel } from '@crucible/proto';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Sql } from './sql.ts';

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

/** Only the replica's columns: the event that carries a member has more. */
const columnsOf = (user: UserFields) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  accessLevel: user.accessLevel,
});

export const users = {
  async byIds(sql: Sql, ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return sql<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ANY($1::uuid[])`, [ids]);
  },
  async upsert(prisma: PrismaClient, user: UserFields): Promise<void> {
    const columns = columnsOf(user);
    await prisma.user.upsert({
      where: { id: user.id },
      create: columns,
      update: { ...columns, updatedAt: new Date() },
    });
  },
  async insertIfMissing(prisma: PrismaClient, user: UserFields): Promise<void> {
    await prisma.user.createMany({ data: [columnsOf(user)], skipDuplicates: true });
  },
  async delete(prisma: PrismaClient, id: string): Promise<void> {
    await prisma.user.deleteMany({ where: { id } });
  },
};
