import type pg from 'pg';
import type { BlobStore, EventBus, Logger, OutboxRelay, ReplicaFiller } from '@crucible/platform';
import type { UserEventPayload } from '@crucible/proto';
import { inOutboxTransaction, type Emit } from '@crucible/platform';
import type { ProfileConfig } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Db } from '../repositories/db.ts';

export const PROFILE_SCHEMA = 'profile';

/** Everything the use cases need, built once by createProfileService. */
export interface ProfileContext {
  config: ProfileConfig;
  prisma: PrismaClient;
  /** The same pool Prisma uses; the hot reads the model API cannot express are prepared SQL on it. */
  pool: pg.Pool;
  relay: OutboxRelay;
  bus: EventBus;
  blobs: BlobStore;
  logger: Logger;
  /** Fills a users-replica row that is missing when a profile is asked for. */
  users: ReplicaFiller<UserEventPayload>;
}

/** A state change and the events it emits, in one transaction (the platform's outbox). */
export function inTransaction<T>(ctx: ProfileContext, work: (tx: Db, emit: Emit) => Promise<T>): Promise<T> {
  return inOutboxTransaction(
    (run) => ctx.prisma.$transaction((tx) => run(tx as Db)),
    { schema: PROFILE_SCHEMA, relay: ctx.relay },
    work,
  );
}
