import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger.ts';
import { createTestDatabase, type TestDatabase } from '@crucible/test-kit';
import { isUniqueViolation } from './constraint-errors.ts';
import { openDatabase, type Database } from './database.ts';
import { inOutboxTransaction, transactionRunner } from './transactions.ts';

const SCHEMA = 'txtest';

let testDatabase: TestDatabase;
let database: Database;
let emptyMigrations: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase('platform_tx');
  emptyMigrations = await mkdtemp(join(tmpdir(), 'platform-tx-'));
  database = openDatabase({
    url: testDatabase.url,
    schema: SCHEMA,
    migrationsDir: emptyMigrations,
    logger: silentLogger,
  });
  await database.migrate();
});

afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
  if (emptyMigrations) await rm(emptyMigrations, { recursive: true, force: true });
});

async function outboxSubjects(): Promise<string[]> {
  return (await database.pool.query<{ subject: string }>('SELECT subject FROM outbox ORDER BY seq')).rows.map(
    (row) => row.subject,
  );
}

/** A relay stand-in that records, at each kick, what a reader outside the transaction sees. */
function watchingRelay() {
  const seenAtKick: string[][] = [];
  return { seenAtKick, relay: { kick: () => void outboxSubjects().then((subjects) => seenAtKick.push(subjects)) } };
}

describe('inOutboxTransaction over a pg pool', () => {
  it('commits the emitted events with the work and wakes the relay once, after the commit', async () => {
    await database.pool.query('DELETE FROM outbox');
    const { relay, seenAtKick } = watchingRelay();
    const result = await inOutboxTransaction(
      transactionRunner(database.pool),
      { schema: SCHEMA, relay },
      async (_tx, emit) => {
        await emit('auth.user.deleted', { id: '00000000-0000-4000-8000-000000000001' });
        await emit('auth.session.revoked', { sessionId: 's1', userId: 'u1', reason: 'test' });
        return 'done';
      },
    );
    expect(result).toBe('done');
    await expect.poll(() => seenAtKick).toEqual([['auth.user.deleted', 'auth.session.revoked']]);
  });

  it('leaves the relay asleep when the work emitted nothing', async () => {
    await database.pool.query('DELETE FROM outbox');
    const { relay, seenAtKick } = watchingRelay();
    await inOutboxTransaction(transactionRunner(database.pool), { schema: SCHEMA, relay }, async (tx) =>
      tx.$executeRawUnsafe('SELECT 1'),
    );
    expect(seenAtKick).toEqual([]);
    expect(await outboxSubjects()).toEqual([]);
  });

  it('drops the events and leaves the relay asleep when the work fails', async () => {
    await database.pool.query('DELETE FROM outbox');
    const { relay, seenAtKick } = watchingRelay();
    const failing = inOutboxTransaction(
      transactionRunner(database.pool),
      { schema: SCHEMA, relay },
      async (_tx, emit) => {
        await emit('auth.user.deleted', { id: '00000000-0000-4000-8000-000000000002' });
        throw new Error('work failed');
      },
    );
    await expect(failing).rejects.toThrow('work failed');
    expect(seenAtKick).toEqual([]);
    expect(await outboxSubjects()).toEqual([]);
  });
});

describe('isUniqueViolation', () => {
  it('recognises a unique violation raised by pg itself (23505) and nothing else', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const insert = (eventId: string) =>
      database.pool.query(
        `INSERT INTO outbox (id, subject, payload, occurred_at) VALUES ($1, 'test.dup', '{}', now())`,
        [eventId],
      );
    await insert(id);
    const duplicate = await insert(id).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const notNull = await database.pool
      .query('INSERT INTO outbox (id) VALUES (gen_random_uuid())')
      .catch((error: unknown) => error);
    expect(notNull).toBeInstanceOf(Error);
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
  });
});
