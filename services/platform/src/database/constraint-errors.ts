const PG_UNIQUE_VIOLATION = '23505';

/**
 * Every code an error carries: Prisma's own (P2002), pg's (23505) on a driver error, and the
 * database code the driver adapter keeps inside Prisma's error when raw SQL (P2010) or a model
 * query failed in PostgreSQL.
 */
function codesOf(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const candidate = error as {
    code?: unknown;
    cause?: { code?: unknown; originalCode?: unknown };
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
  };
  return [
    candidate.code,
    candidate.cause?.code,
    candidate.cause?.originalCode,
    candidate.meta?.driverAdapterError?.cause?.originalCode,
  ].filter((code): code is string => typeof code === 'string');
}

/** A unique violation, whether Prisma (P2002), its raw queries, the driver adapter or pg reports it. */
export function isUniqueViolation(error: unknown): boolean {
  return codesOf(error).some((code) => code === 'P2002' || code === PG_UNIQUE_VIOLATION);
}
