import { useMigratedDatabase, type MigratedDatabase } from '@crucible/test-kit';
import { FORUM_MIGRATIONS_DIR } from '../create-service.ts';
import { PrismaClient } from '../generated/prisma/client.ts';

/** A database of this test file's own with the forum's migrations applied and its Prisma client, without the service. */
export function useMigratedForumDatabase(prefix: string): MigratedDatabase<PrismaClient> {
  return useMigratedDatabase({
    prefix,
    schema: 'forum',
    migrationsDir: FORUM_MIGRATIONS_DIR,
    openClient: (adapter) => new PrismaClient({ adapter }),
  });
}
