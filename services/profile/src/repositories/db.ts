import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

/** The client or a transaction of it: every repository function runs on either. */
export type Db = PrismaClient | Prisma.TransactionClient;

/** Hand-written SQL returning rows (values are bound, never spliced). */
export function rows<Row>(db: Db, text: string, ...values: unknown[]): Promise<Row[]> {
  return db.$queryRawUnsafe<Row[]>(text, ...values);
}
export function execute(db: Db, text: string, ...values: unknown[]): Promise<number> {
  return db.$executeRawUnsafe(text, ...values);
}
