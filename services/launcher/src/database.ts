import { join } from 'node:path';
import pg from 'pg';
import { describeDatabaseUrl, isReachable, type ComponentReport, type Logger } from '@crucible/platform';
import { startEmbeddedPostgres } from './embedded-postgres/embedded-postgres.ts';
import type { LauncherConfig } from './config.ts';

const PRODUCT_DATABASE = 'crucible';

export interface ChosenDatabase {
  url: string;
  report: ComponentReport;
  stop(): Promise<void>;
}

/** Creates the product's own database on a local server, so one-machine data stays apart from others. */
async function ensureProductDatabase(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  // A server that goes away mid-check fails the awaited query; without a listener it would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [PRODUCT_DATABASE]);
    if (!rowCount) await client.query(`create database ${PRODUCT_DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${PRODUCT_DATABASE}`;
  return url.toString();
}

/** DATABASE_URL when given; else the local PostgreSQL (127.0.0.1:5432) if it lets us in; else an embedded one. */
export async function chooseDatabase(config: LauncherConfig, logger: Logger): Promise<ChosenDatabase> {
  const stopNothing = async () => {};
  if (config.DATABASE_URL) {
    return {
      url: config.DATABASE_URL,
      report: {
        component: 'database',
        kind: 'PostgreSQL (DATABASE_URL)',
        location: describeDatabaseUrl(config.DATABASE_URL),
      },
      stop: stopNothing,
    };
  }
  if (await isReachable(config.LOCAL_DATABASE_SERVER_URL, 5432)) {
    try {
      const url = await ensureProductDatabase(config.LOCAL_DATABASE_SERVER_URL);
      return {
        url,
        report: { component: 'database', kind: 'PostgreSQL (local server)', location: describeDatabaseUrl(url) },
        stop: stopNothing,
      };
    } catch (error) {
      logger.warn({ err: error }, 'local PostgreSQL refused us; using the embedded one');
    }
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: join(config.DATA_DIR, 'postgres'),
    port: config.EMBEDDED_POSTGRES_PORT,
    logger,
  });
  return {
    url: embedded.url,
    report: {
      component: 'database',
      kind: 'embedded PostgreSQL',
      location: `${describeDatabaseUrl(embedded.url)} (data in ${join(config.DATA_DIR, 'postgres')})`,
    },
    stop: embedded.stop,
  };
}
