import type pg from 'pg';
import type { SqlExecutor } from '../events/sql.ts';

/** The outbox and idempotent-consumer executor shape over a plain pg client. */
export function sqlExecutor(client: pg.ClientBase): SqlExecutor {
  return { $executeRawUnsafe: async (query, ...values) => (await client.query(query, values)).rowCount ?? 0 };
}

/** What Prisma's `$transaction(async (tx) => ...)` does, for a pg pool. */
export function transactionRunner(pool: pg.Pool) {
  return async <T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(sqlExecutor(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };
}
