import type pg from 'pg';
import type { Cache, EventBus, Logger, ReplicaFiller } from '@crucible/platform';
import type { RealtimeConfig } from '../config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Presence } from '../live/presence.ts';
import type { Sql } from '../repositories/sql.ts';
import type { UserFields } from '../repositories/users.ts';
import type { UnsubscribeLinks } from './email-digest.ts';
import type { TypingChecks } from './typing.ts';

export const REALTIME_SCHEMA = 'realtime';

export interface RealtimeContext {
  config: RealtimeConfig;
  /** Plain writes and reads (the users replica, purges, the service's secrets). */
  prisma: PrismaClient;
  /** The same pool Prisma uses: grouped notifications' transactions and the data export. */
  pool: pg.Pool;
  /** Prepared statements on that pool: the hot paths and the conditional upserts (repositories/sql.ts). */
  sql: Sql;
  bus: EventBus;
  cache: Cache;
  logger: Logger;
  hub: LiveHub;
  presence: Presence;
  userFiller: ReplicaFiller<UserFields>;
  /** dm's recent answers to 'may this member message that one', for typing. */
  typingChecks: TypingChecks;
  /** Signs and checks the e-mail summary's unsubscribe links. */
  unsubscribeLinks: UnsubscribeLinks;
}
