import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@crucible/test-kit';
import { runRestoreDrill } from './restore-drill.ts';

let source: TestDatabase;
let target: TestDatabase;

beforeAll(async () => {
  [source, target] = [await createTestDatabase('drill_source'), await createTestDatabase('drill_target')];
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  await client.query(`CREATE SCHEMA dm;
    CREATE TABLE dm.messages (id BIGSERIAL PRIMARY KEY, content TEXT NOT NULL, sent_at TIMESTAMPTZ NOT NULL DEFAULT now());
    INSERT INTO dm.messages (content) SELECT 'message ' || n FROM generate_series(1, 500) n;
    CREATE SCHEMA forum;
    CREATE TABLE forum.replies (id UUID PRIMARY KEY DEFAULT gen_random_uuid(), body JSONB NOT NULL);
    INSERT INTO forum.replies (body) SELECT jsonb_build_object('n', n) FROM generate_series(1, 120) n;`);
  await client.end();
}, 60_000);

afterAll(async () => {
  await source?.drop();
  await target?.drop();
});

describe('the restore drill', () => {
  it('restores a backup into an empty database with every row count and sample read equal', async () => {
    const report = await runRestoreDrill(source.url, target.url);
    console.log(
      `restore drill: ${report.tables.map((t) => `${t.table} ${t.restoredRows}/${t.sourceRows}`).join(', ')}; ` +
        `dump ${report.dumpMs} ms, restore ${report.restoreMs} ms`,
    );
    expect(report.ok).toBe(true);
    expect(report.tables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'dm.messages', sourceRows: 500, restoredRows: 500, sampleMatches: true }),
        expect.objectContaining({ table: 'forum.replies', sourceRows: 120, restoredRows: 120, sampleMatches: true }),
      ]),
    );
  });

  it('refuses to restore into a database that already holds tables', async () => {
    await expect(runRestoreDrill(source.url, source.url)).rejects.toThrow(/only into an empty database/);
  });
});
