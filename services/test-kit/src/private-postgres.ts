import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const execFileAsync = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own on a free port, which a fault test may stop and start
 * under load: the shared server at DATABASE_URL is used by others and is never stopped. It runs
 * from the machine's PostgreSQL binaries (POSTGRES_BIN_DIR, else the newest /usr/lib/postgresql/N/bin),
 * as the `postgres` account when the test runs as root (PostgreSQL refuses root).
 */
export interface PrivatePostgres {
  /** The `postgres` database, trust authentication, loopback only. */
  readonly url: string;
  readonly port: number;
  /** A fast shutdown: open connections are cut, as in a crash or a failover. */
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const port = await freePort();
  const home = await mkdtemp(join(tmpdir(), 'crucible-pg-'));
  const dataDir = join(home, 'data');
  const account = await unprivilegedAccount();
  if (account) {
    await chmod(home, 0o755);
    await chown(home, account.uid, account.gid);
  }
  const run = (tool: string, args: string[]) => execFileAsync(join(bin, tool), args, { ...account, timeout: 60_000 });
  await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=60 -c fsync=off`;
  const start = async () => {
    await run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(home, 'log'), '-w', '-t', '30', 'start']);
  };
  const stop = async () => {
    await run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']).catch((error: unknown) => {
      if (existsSync(join(dataDir, 'postmaster.pid'))) throw error;
    });
  };
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async dispose() {
      await stop();
      await rm(home, { recursive: true, force: true });
    },
  };
}

function postgresBinDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
        .toSorted((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('No PostgreSQL binaries in /usr/lib/postgresql/*/bin; install postgresql or set POSTGRES_BIN_DIR');
  return join(root, versions[0]!, 'bin');
}

async function unprivilegedAccount(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  } catch (error) {
    throw new Error('Running as root needs a `postgres` account to run a private PostgreSQL as', { cause: error });
  }
}
