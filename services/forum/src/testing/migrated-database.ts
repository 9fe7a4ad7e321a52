import { afterAll, beforeAll } from 'vitest';
import { openDatabase, silentLogger, type Database } from '@crucible/platform';
import { createTestDatabase, type TestDatabase } from '@crucible/platform/testing';
import { FORUM_MIGRATIONS_DIR } from '../create-service.ts';
import { PrismaClient } from '../generated/prisma/client.ts';

export interface MigratedForumDatabase {
  readonly database: Database;
  readonly prisma: PrismaClient;
}

/**
 * A database of this test file's own with the forum's migrations applied and a Prisma client on
 * it, without the service; dropped after the file. Read its fields inside hooks and tests.
 */
export function useMigratedForumDatabase(prefix: string): MigratedForumDatabase {
  let testDatabase: TestDatabase | undefined;
  let opened: MigratedForumDatabase | undefined;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(prefix);
    const database = openDatabase({
      url: testDatabase.url,
      schema: 'forum',
      migrationsDir: FORUM_MIGRATIONS_DIR,
      logger: silentLogger,
    });
    await database.migrate();
    opened = { database, prisma: new PrismaClient({ adapter: database.adapter }) };
  });
  afterAll(async () => {
    await opened?.prisma.$disconnect();
    await opened?.database.close();
    await testDatabase?.drop();
  });
  const current = () => {
    if (!opened) throw new Error('the test database is not open yet (use it inside hooks and tests)');
    return opened;
  };
  return {
    get database() {
      return current().database;
    },
    get prisma() {
      return current().prisma;
    },
  };
}
