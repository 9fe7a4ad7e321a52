import type { JWK } from 'jose';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

export const signingKeyRepository = {
  /** Until the transaction ends, every other replica resolving its key waits here. */
  async lockForResolving(tx: Prisma.TransactionClient): Promise<void> {
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', 'auth.signing_keys');
  },
  async newestPrivateJwk(db: Db): Promise<JWK | null> {
    const stored = await db.signingKey.findFirst({ orderBy: { createdAt: 'desc' } });
    return stored ? (stored.privateJwk as JWK) : null;
  },
  async store(db: Db, key: { kid: string; privateJwk: JWK; publicJwk: JWK }): Promise<void> {
    await db.signingKey.create({
      data: { kid: key.kid, privateJwk: key.privateJwk as object, publicJwk: key.publicJwk as object },
    });
  },
  async publicJwks(db: Db): Promise<JWK[]> {
    return (await db.signingKey.findMany({ select: { publicJwk: true } })).map((row) => row.publicJwk as JWK);
  },
};
