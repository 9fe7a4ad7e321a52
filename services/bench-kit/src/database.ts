import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropDatabaseSync, registerCleanup } from './cleanup.ts';

/** The local server the benchmark makes its own databases on (trust auth). */
export const ADMIN_DATABASE_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `bench_<random>`, dropped by `drop()` or, whatever happens, by the cleanup handlers. */
export async function createFreshDatabase(): Promise<BenchDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await onAdmin((client) => client.query(`create database "${name}"`));
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    await onAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
    dropped = true;
    unregister();
  };
  const unregister = registerCleanup({
    label: `database ${name}`,
    run: drop,
    runSync: () => dropDatabaseSync(ADMIN_DATABASE_URL, name),
    reapable: { kind: 'database', adminUrl: ADMIN_DATABASE_URL, name },
  });
  return {
    name,
    url: url.toString(),
    async query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop,
  };
}
