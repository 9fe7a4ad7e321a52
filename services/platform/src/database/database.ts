import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import type { Logger } from '../logging/logger.ts';

/** Migrations every service schema gets before its own: the outbox and processed-events tables. */
export const PLATFORM_MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export interface DatabaseOptions {
  url: string;
  /** The service's own Postgres schema (`auth`, `forum`, ...); a service never reads another's. */
  schema: string;
  /** The service's plain SQL migrations (node-pg-migrate files with Up/Down sections). */
  migrationsDir: string;
  logger: Logger;
  poolSize?: number;
}

export interface Database {
  readonly schema: string;
  readonly pool: pg.Pool;
  /** For `new PrismaClient({ adapter })`; it shares the pool. */
  readonly adapter: PrismaPg;
  /** Where it is, without credentials, for the launcher's start-up line. */
  readonly location: string;
  migrate(): Promise<void>;
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `postgresql://${parsed.host}${parsed.pathname}`;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name: ${options.schema}`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // Unqualified names (raw SQL, the outbox) resolve in the service's own schema.
    options: `-c search_path=${options.schema}`,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', (error) => options.logger.warn({ err: error }, 'idle database connection failed'));
  // A connection that drops while checked out emits 'error' on the client, which would end the
  // process unheard; the operation using it fails on its own and the pool discards the client.
  pool.on('connect', (client) =>
    client.on('error', (error) => options.logger.warn({ err: error }, 'database connection failed while in use')),
  );

  async function runMigrations(dir: string, migrationsTable: string) {
    const client = await pool.connect();
    try {
      await runner({
        dbClient: client,
        dir,
        direction: 'up',
        migrationsTable,
        schema: options.schema,
        createSchema: true,
        migrationsSchema: options.schema,
        createMigrationsSchema: true,
        checkOrder: true,
        // Replicas, the migration Job and other services share one database and one lock id: wait
        // for the lock (then find nothing left to apply) instead of failing start-up.
        advisoryLockMode: 'wait',
        logger: {
          debug: () => {},
          info: (message: string) => options.logger.debug({ schema: options.schema }, message),
          warn: (message: string) => options.logger.warn(message),
          error: (message: string) => options.logger.error(message),
        },
      });
    } finally {
      client.release();
    }
  }

  return {
    schema: options.schema,
    pool,
    adapter: new PrismaPg(pool, { schema: options.schema }),
    location: `${describeDatabaseUrl(options.url)} schema ${options.schema}`,
    async migrate() {
      await runMigrations(PLATFORM_MIGRATIONS_DIR, 'platform_migrations');
      await runMigrations(options.migrationsDir, 'migrations');
    },
    async isHealthy() {
      await pool.query('select 1');
      return true;
    },
    close: () => pool.end(),
  };
}
