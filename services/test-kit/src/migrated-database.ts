import { afterAll, beforeAll } from 'vitest';
import type { PrismaPg } from '@prisma/adapter-pg';
import { openDatabase, silentLogger, type Database } from '@crucible/platform';
import { createTestDatabase, type TestDatabase } from './required-services.ts';

export interface MigratedDatabase<Client> {
  readonly database: Database;
  readonly prisma: Client;
}

export interface MigratedDatabaseOptions<Client> {
  /** Prefix of the database's name (one database per test file). */
  prefix: string;
  /** The service's schema and migrations, as the service opens them. */
  schema: string;
  migrationsDir: string;
  /** The service's generated client on the database's adapter: `(adapter) => new PrismaClient({ adapter })`. */
  openClient: (adapter: PrismaPg) => Client & { $disconnect(): Promise<void> };
}

/**
 * A database of this test file's own with a service's migrations applied and its Prisma client on
 * it, without the service; dropped after the file. Read its fields inside hooks and tests.
 */
export function useMigratedDatabase<Client>(options: MigratedDatabaseOptions<Client>): MigratedDatabase<Client> {
  let testDatabase: TestDatabase | undefined;
  let opened: { database: Database; prisma: Client & { $disconnect(): Promise<void> } } | undefined;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(options.prefix);
    const database = openDatabase({
      url: testDatabase.url,
      schema: options.schema,
      migrationsDir: options.migrationsDir,
      logger: silentLogger,
    });
    await database.migrate();
    opened = { database, prisma: options.openClient(database.adapter) };
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
