import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

/** The client itself or a transaction's: a repository call works in either. */
export type Db = PrismaClient | Prisma.TransactionClient;
