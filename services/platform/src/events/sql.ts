/** Prisma's interactive-transaction client has this shape; a pg client needs a one-line adapter. */
export interface SqlExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** `"schema".table`; the schema is checked because it is pasted into SQL, not bound as a value. */
export function qualifiedTable(schema: string, table: 'outbox' | 'processed_events'): string {
  if (!IDENTIFIER.test(schema)) {
    throw new Error(`Invalid schema name ${JSON.stringify(schema)}: use letters, digits and _ (at most 63)`);
  }
  return `"${schema}".${table}`;
}
