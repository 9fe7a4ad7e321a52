/**
 * The platform's isUniqueViolation against every way a duplicate reaches the forum's code through
 * Prisma 7 and its pg driver adapter: model writes, raw SQL, raw SQL inside a transaction.
 */
import { beforeAll, expect, it } from 'vitest';
import { isUniqueViolation } from '@crucible/platform';
import { useMigratedForumDatabase } from './testing/migrated-database.ts';

const forum = useMigratedForumDatabase('forum_unique');

beforeAll(async () => {
  await forum.prisma.tag.create({ data: { name: 'taken' } });
});

const failureOf = (attempt: Promise<unknown>) =>
  attempt.then(
    () => undefined,
    (error: unknown) => error,
  );

it.each([
  ['a model write (P2002)', () => forum.prisma.tag.create({ data: { name: 'taken' } })],
  ['tagged raw SQL', () => forum.prisma.$executeRaw`INSERT INTO tags (id, name) VALUES (gen_random_uuid(), 'taken')`],
  [
    'unsafe raw SQL',
    () =>
      forum.prisma.$queryRawUnsafe(`INSERT INTO tags (id, name) VALUES (gen_random_uuid(), $1) RETURNING id`, 'taken'),
  ],
  [
    'raw SQL inside an interactive transaction',
    () =>
      forum.prisma.$transaction(
        (tx) => tx.$executeRaw`INSERT INTO tags (id, name) VALUES (gen_random_uuid(), 'taken')`,
      ),
  ],
  [
    'a model write inside an interactive transaction',
    () => forum.prisma.$transaction((tx) => tx.tag.create({ data: { name: 'taken' } })),
  ],
])('recognises a duplicate raised through %s', async (_how, attempt) => {
  const error = await failureOf(attempt());
  expect(error).toBeInstanceOf(Error);
  expect(isUniqueViolation(error)).toBe(true);
});

it.each([
  [
    'a model write',
    () =>
      forum.prisma.discussionTag.create({
        data: { discussionId: '00000000-0000-4000-8000-000000000001', tagId: '00000000-0000-4000-8000-000000000002' },
      }),
  ],
  ['raw SQL', () => forum.prisma.$executeRaw`INSERT INTO tags (id, name) VALUES (gen_random_uuid(), NULL)`],
])('does not take another constraint failure through %s for a duplicate', async (_how, attempt) => {
  const error = await failureOf(attempt());
  expect(error).toBeInstanceOf(Error);
  expect(isUniqueViolation(error)).toBe(false);
});
