import type { AccessLevel, AccessLevelEntry } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;
type Row = Awaited<ReturnType<PrismaClient['accessLevelEntry']['findUniqueOrThrow']>>;

function toEntry(row: Row): AccessLevelEntry {
  return {
    value: row.value,
    label: row.label,
    description: row.description,
    orderIndex: row.orderIndex,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const accessLevelRepository = {
  list: async (db: Db): Promise<AccessLevelEntry[]> =>
    (await db.accessLevelEntry.findMany({ orderBy: { orderIndex: 'asc' } })).map(toEntry),
  find: async (db: Db, value: AccessLevel): Promise<AccessLevelEntry | null> => {
    const row = await db.accessLevelEntry.findUnique({ where: { value } });
    return row ? toEntry(row) : null;
  },
  setDescription: async (db: Db, value: AccessLevel, description: string): Promise<AccessLevelEntry> =>
    toEntry(await db.accessLevelEntry.update({ where: { value }, data: { description, updatedAt: new Date() } })),
};
