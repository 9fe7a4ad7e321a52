/**
 * The SQL migrations and the Prisma schema describe the same tables: the migrations are applied to
 * an empty database (twice, without change) and every model is written and read back through the
 * generated client, its defaults coming from the database. The repositories use hand-written SQL,
 * which the integration tests run against these migrations.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useMigratedDatabase } from '@crucible/test-kit';
import { PROFILE_MIGRATIONS_DIR } from './create-service.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { DEFAULT_PRIVACY } from './repositories/privacy.ts';

const migrated = useMigratedDatabase({
  prefix: 'profile_schema',
  schema: 'profile',
  migrationsDir: PROFILE_MIGRATIONS_DIR,
  openClient: (adapter) => new PrismaClient({ adapter }),
});

it('applies the migrations twice without change and exercises every model through the generated client', async () => {
  await migrated.database.migrate();
  const prisma = migrated.prisma;
  const [id, viewer] = [randomUUID(), randomUUID()];
  await prisma.user.create({
    data: { id, email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', accessLevel: 'Master' },
  });
  expect(await prisma.user.findUnique({ where: { id } })).toMatchObject({
    email: 'ada@example.org',
    accessLevel: 'Master',
    isAdmin: false,
    profileImageUrl: null,
  });

  await prisma.profile.create({ data: { userId: id, jobTitle: 'Analyst', alchemicalSymbols: ['Mercury'] } });
  expect(await prisma.profile.findUniqueOrThrow({ where: { userId: id } })).toMatchObject({
    jobTitle: 'Analyst',
    preferredContactMethod: 'email',
    alchemicalSymbols: ['Mercury'],
    certificationLevels: [],
    dateProfileUpdated: null,
  });

  await prisma.workplace.createMany({
    data: [
      { id: randomUUID(), userId: id, position: 1, companyName: 'Second Ltd' },
      { id: randomUUID(), userId: id, position: 0, companyName: 'First Ltd', isCurrent: true },
    ],
  });
  const work = await prisma.workplace.findMany({ where: { userId: id }, orderBy: { position: 'asc' } });
  expect(work.map((entry) => [entry.companyName, entry.isCurrent])).toEqual([
    ['First Ltd', true],
    ['Second Ltd', false],
  ]);
  await prisma.education.create({
    data: { id: randomUUID(), userId: id, position: 0, institution: 'Home', fieldOfStudy: 'Maths' },
  });
  expect(await prisma.education.findFirstOrThrow({ where: { userId: id } })).toMatchObject({
    fieldOfStudy: 'Maths',
    isOngoing: false,
    gpa: null,
  });

  const skill = await prisma.skill.create({
    data: { id: randomUUID(), userId: id, skillName: 'Alchemy', category: 'Technical' },
  });
  expect(skill).toMatchObject({ proficiencyLevel: 1, endorsementCount: 0, yearsExperience: 0, isVerified: false });
  await prisma.skillEndorsement.create({
    data: { id: randomUUID(), skillId: skill.id, endorserId: viewer, endorseeId: id, comment: 'Sound' },
  });
  const endorsed = await prisma.skill.findUniqueOrThrow({ where: { id: skill.id }, include: { endorsements: true } });
  expect(endorsed.endorsements.map((row) => [row.endorserId, row.comment])).toEqual([[viewer, 'Sound']]);

  const progress = await prisma.leadershipProgress.create({
    data: {
      id: randomUUID(),
      userId: id,
      overallScore: 62,
      visionScore: 50,
      integrityScore: 60,
      passionScore: 75,
      leadershipScore: '277.5',
    },
  });
  expect({
    coefficient: progress.leadershipCoefficient.toString(),
    score: progress.leadershipScore.toString(),
    phase: progress.currentPhase,
  }).toEqual({ coefficient: '1', score: '277.5', phase: 'Foundation' });

  // The database's defaults are the settings of a member who never saved any.
  const {
    userId: _userId,
    updatedAt: _updatedAt,
    ...privacy
  } = await prisma.privacySettings.create({
    data: { userId: id },
  });
  expect(privacy).toEqual(DEFAULT_PRIVACY);

  await prisma.profileView.create({
    data: {
      id: randomUUID(),
      profileOwnerId: id,
      viewerId: viewer,
      viewerAccessLevel: 'Core',
      sectionsViewed: ['skills'],
    },
  });
  expect(await prisma.profileView.findFirstOrThrow({ where: { profileOwnerId: id } })).toMatchObject({
    viewerAccessLevel: 'Core',
    timeSpent: 0,
    sectionsViewed: ['skills'],
    referrer: null,
  });

  await prisma.userStats.create({ data: { userId: id, repliesPosted: 2 } });
  expect(await prisma.userStats.findUniqueOrThrow({ where: { userId: id } })).toMatchObject({
    discussionsCreated: 0,
    repliesPosted: 2,
    lastActivity: null,
  });
  await prisma.userActivity.create({ data: { id: randomUUID(), userId: id, activityType: 'reply' } });
  expect(await prisma.userActivity.findFirstOrThrow({ where: { userId: id } })).toMatchObject({
    activityData: {},
    visibility: 'Public',
  });

  // An endorsement goes with its skill.
  await prisma.skill.delete({ where: { id: skill.id } });
  expect(await prisma.skillEndorsement.count()).toBe(0);
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
