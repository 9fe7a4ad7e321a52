/**
 * The SQL migrations and the Prisma schema describe the same tables: the migrations are applied to
 * an empty database (twice, without change) and the modelled table is written and read back through
 * the generated client. The other tables are used only through hand-written SQL, which the
 * integration tests run against these migrations.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useMigratedDatabase } from '@crucible/platform/testing';
import { PROFILE_MIGRATIONS_DIR } from './create-service.ts';
import { PrismaClient } from './generated/prisma/client.ts';

const migrated = useMigratedDatabase({
  prefix: 'profile_schema',
  schema: 'profile',
  migrationsDir: PROFILE_MIGRATIONS_DIR,
  openClient: (adapter) => new PrismaClient({ adapter }),
});

it('applies the migrations twice without change and round-trips the users replica through the generated client', async () => {
  await migrated.database.migrate();
  const id = randomUUID();
  await migrated.prisma.user.create({
    data: {
      id,
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      accessLevel: 'Master',
      isAdmin: false,
    },
  });
  expect(await migrated.prisma.user.findUnique({ where: { id } })).toMatchObject({
    email: 'ada@example.org',
    accessLevel: 'Master',
    profileImageUrl: null,
  });
});

it('keeps one endorsement per endorser and skill, and refuses endorsing oneself, in the database itself', async () => {
  const [owner, endorser, skill] = [randomUUID(), randomUUID(), randomUUID()];
  await migrated.prisma.$executeRawUnsafe(
    `INSERT INTO profile.user_skills (id, user_id, skill_name, category) VALUES ($1::uuid, $2::uuid, 'Go', 'Technical')`,
    skill,
    owner,
  );
  const endorse = (by: string) =>
    migrated.prisma.$executeRawUnsafe(
      `INSERT INTO profile.skill_endorsements (id, skill_id, endorser_id, endorsee_id) VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid)`,
      randomUUID(),
      skill,
      by,
      owner,
    );
  await endorse(endorser);
  await expect(endorse(endorser)).rejects.toThrow();
  await expect(endorse(owner)).rejects.toThrow();
});
