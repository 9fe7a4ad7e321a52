import type { LRUCache } from 'lru-cache';
import type pg from 'pg';
import {
  inOutboxTransaction,
  type BlobStore,
  type Emit,
  type Logger,
  type OutboxRelay,
  type ReplicaFiller,
} from '@crucible/platform';
import type { UserEventPayload } from '@crucible/proto';
import type { ProjectConfig } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Tx } from '../repositories/db.ts';
import type { TaskListJson } from '../repositories/tasks.ts';

export const PROJECT_SCHEMA = 'project';

/** Everything the use cases need, built once by createProjectService. */
export interface ProjectContext {
  config: ProjectConfig;
  prisma: PrismaClient;
  /** The same pool Prisma uses; the task list (the hot read) is hand-written SQL on it. */
  pool: pg.Pool;
  relay: OutboxRelay;
  /** Task lists by project, each with the version it was built at (tasks.ts versionedTaskList). */
  taskLists: LRUCache<string, { version: string; list: TaskListJson }>;
  /** Task attachments (the forum's write-once store: S3 or a disk folder behind signed URLs). */
  blobs: BlobStore;
  logger: Logger;
  /** Fills a missing user replica row by asking auth (user-replica.ts). */
  users: ReplicaFiller<UserEventPayload>;
}

export type { Emit, Tx };

/** A state change and the events it emits, committed together (the platform's outbox transaction). */
export function inTransaction<T>(ctx: ProjectContext, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  return inOutboxTransaction<Tx, T>(
    (run) => ctx.prisma.$transaction(run),
    { schema: PROJECT_SCHEMA, relay: ctx.relay },
    work,
  );
}
