import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

/** Prisma's client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient;
/** The client itself or a transaction's: a repository call works in either. */
export type Db = PrismaClient | Tx;

/** Hand-written SQL through Prisma (the schema is on the connection's search_path). */
export function query<Row>(db: Db, sql: string, ...values: unknown[]): Promise<Row[]> {
  return db.$queryRawUnsafe<Row[]>(sql, ...values);
}
