import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

/** Prisma's client inside an interactive transaction. */
export type Tx = Prisma.TransactionClient;
/** The client itself or a transaction's: a repository call works in either. */
export type Db = PrismaClient | Tx;
