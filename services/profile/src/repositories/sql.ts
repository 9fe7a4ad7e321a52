import type pg from 'pg';
import { preparedSqlOnPool, type Sql } from '@crucible/platform';

export type { Sql } from '@crucible/platform';

/** The hot reads the model API cannot express: prepared statements on the pool (few, fixed texts). */
export function sqlOnPool(pool: pg.Pool): Sql {
  return preparedSqlOnPool(pool, 'profile');
}
