import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES, type ServiceName } from '@crucible/proto';
import { createLogger } from '../logging/logger.ts';
import { createTestDatabase, type TestDatabase } from '@crucible/test-kit';
import { migrateService, serviceMigrationsDir } from './migrate.ts';

const logger = createLogger({ service: 'migrate-test', level: 'silent' });
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('migrate');
});
afterAll(async () => {
  await database?.drop();
});

async function applied(schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`select name from ${schema}.migrations order by run_on, id`);
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

const migrationNames = (name: ServiceName) =>
  readdirSync(serviceMigrationsDir(name))
    .filter((file) => /\.(sql|js|ts)$/.test(file))
    .map((file) => file.replace(/\.[^.]+$/, ''))
    .sort();

describe('migrateService (the RUN_MODE=migrate entry of every service image)', () => {
  it('finds services/<name>/migrations for every service', () => {
    for (const name of Object.keys(SERVICES) as ServiceName[])
      expect(existsSync(serviceMigrationsDir(name)), serviceMigrationsDir(name)).toBe(true);
  });

  it('applies each migration once when a Job and replicas of two services start together', async () => {
    // Every node-pg-migrate run in one database takes the same advisory lock: without waiting for
    // it, all but the first of these would fail with "Another migration is already running".
    await Promise.all([
      migrateService('dm', { url: database.url, logger }),
      migrateService('dm', { url: database.url, logger }),
      migrateService('project', { url: database.url, logger }),
      migrateService('dm', { url: database.url, logger }),
    ]);
    expect(await applied('dm')).toEqual(migrationNames('dm'));
    expect(await applied('project')).toEqual(migrationNames('project'));
  });

  it('is a no-op on an up-to-date schema', async () => {
    const before = await applied('dm');
    await migrateService('dm', { url: database.url, logger });
    expect(await applied('dm')).toEqual(before);
  });

  it('refuses a service without a migrations folder', async () => {
    await expect(
      migrateService('dm', { url: database.url, logger, migrationsDir: '/nonexistent/migrations' }),
    ).rejects.toThrow(/no migrations folder/);
  });
});
