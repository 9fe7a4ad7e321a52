import type pg from 'pg';
import type { BlobStore, Logger, OutboxRelay, SqlExecutor } from '@crucible/platform';
import { enqueueEvent, newEvent } from '@crucible/platform';
import type { ForumConfig } from '../config.ts';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

export const FORUM_SCHEMA = 'forum';

/** Everything the use cases need, built once by createForumService. */
export interface ForumContext {
  config: ForumConfig;
  prisma: PrismaClient;
  /** The same pool Prisma uses; the hot read paths are hand-written SQL on it. */
  pool: pg.Pool;
  relay: OutboxRelay;
  blobs: BlobStore;
  logger: Logger;
}

export type Tx = Prisma.TransactionClient;
export type Emit = (subject: string, payload: unknown) => Promise<void>;

/**
 * Runs a state change and the events it emits in one transaction (the outbox), then wakes the
 * relay so the events leave at once rather than at its next poll.
 */
export async function inTransaction<T>(ctx: ForumContext, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  let emitted = false;
  const result = await ctx.prisma.$transaction(async (tx) => {
    const emit: Emit = async (subject, payload) => {
      emitted = true;
      await enqueueEvent(tx as SqlExecutor, FORUM_SCHEMA, newEvent(subject, payload));
    };
    return work(tx, emit);
  });
  if (emitted) ctx.relay.kick();
  return result;
}
