import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

/** The client or a transaction of it: every repository function runs on either. */
export type Db = PrismaClient | Prisma.TransactionClient;
