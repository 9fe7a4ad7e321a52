import type pg from 'pg';
import {
  inOutboxTransaction,
  type BlobStore,
  type Cache,
  type Emit,
  type Logger,
  type OutboxRelay,
  type ReplicaFiller,
} from '@crucible/platform';
import type { UserEventPayload } from '@crucible/proto';
import type { ForumConfig } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Tx } from '../repositories/db.ts';

export const FORUM_SCHEMA = 'forum';

/** Everything the use cases need, built once by createForumService. */
export interface ForumContext {
  config: ForumConfig;
  prisma: PrismaClient;
  /** The same pool Prisma uses; the hot read paths are hand-written SQL on it. */
  pool: pg.Pool;
  relay: OutboxRelay;
  blobs: BlobStore;
  /** The platform cache (Redis, under the deployment's namespace): the lists' first pages (first-pages.ts). */
  cache: Cache;
  logger: Logger;
  /** Fills a missing user replica row by asking auth (user-replica.ts). */
  users: ReplicaFiller<UserEventPayload>;
}

export type { Emit, Tx };

/** A state change and the events it emits, committed together (the platform's outbox transaction). */
export function inTransaction<T>(ctx: ForumContext, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  return inOutboxTransaction<Tx, T>(
    (run) => ctx.prisma.$transaction(run),
    { schema: FORUM_SCHEMA, relay: ctx.relay },
    work,
  );
}
