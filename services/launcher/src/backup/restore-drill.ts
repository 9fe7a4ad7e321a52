import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

export interface TableCheck {
  table: string;
  sourceRows: number;
  restoredRows: number;
  /** The first row by the table's first column, the same in both. */
  sampleMatches: boolean;
}

export interface DrillReport {
  tables: TableCheck[];
  ok: boolean;
  dumpMs: number;
  restoreMs: number;
}

/**
 * The restore drill: dump `sourceUrl` as the backup Job does (pg_dump -Fc), restore it into
 * `emptyTargetUrl` (a database that must hold no tables), then compare every table's row count and
 * first row. A backup that has never been restored is a hope; run this against a copy regularly
 * (deploy/RUNBOOK.md 'Backups').
 */
export async function runRestoreDrill(sourceUrl: string, emptyTargetUrl: string): Promise<DrillReport> {
  await assertEmpty(emptyTargetUrl);
  const folder = await mkdtemp(join(tmpdir(), 'crucible-restore-drill-'));
  const dumpFile = join(folder, 'backup.dump');
  try {
    const dumpStarted = Date.now();
    await execFileAsync('pg_dump', ['--format=custom', '--no-owner', '--file', dumpFile, sourceUrl]);
    const restoreStarted = Date.now();
    await execFileAsync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', emptyTargetUrl, dumpFile]);
    const restoreMs = Date.now() - restoreStarted;
    const [source, restored] = [await snapshot(sourceUrl), await snapshot(emptyTargetUrl)];
    const tables = [...source.keys()].map((table) => ({
      table,
      sourceRows: source.get(table)!.rows,
      restoredRows: restored.get(table)?.rows ?? -1,
      sampleMatches: source.get(table)!.sample === restored.get(table)?.sample,
    }));
    const ok = tables.every((check) => check.sourceRows === check.restoredRows && check.sampleMatches);
    return { tables, ok, dumpMs: restoreStarted - dumpStarted, restoreMs };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const USER_TABLES = `SELECT table_schema, table_name FROM information_schema.tables
  WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
  ORDER BY 1, 2`;

async function assertEmpty(url: string): Promise<void> {
  const tables = await withClient(url, async (client) => (await client.query(USER_TABLES)).rowCount ?? 0);
  if (tables > 0) throw new Error('The restore drill restores only into an empty database; this one has tables');
}

/** Row count and first row (as JSON) of every table. */
async function snapshot(url: string): Promise<Map<string, { rows: number; sample: string }>> {
  return withClient(url, async (client) => {
    const found = new Map<string, { rows: number; sample: string }>();
    for (const { table_schema: schema, table_name: name } of (await client.query(USER_TABLES)).rows) {
      const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      const count = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
      const first = await client.query(`SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY 1 LIMIT 1`);
      found.set(`${schema}.${name}`, { rows: Number(count.rows[0]!.n), sample: String(first.rows[0]?.row ?? '') });
    }
    return found;
  });
}
