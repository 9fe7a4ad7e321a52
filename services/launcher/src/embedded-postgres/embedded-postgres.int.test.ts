import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { once } from 'node:events';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '@crucible/test-kit';
import { describe, it, expect, vi } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

describe('startEmbeddedPostgres', () => {
  it('serves queries and keeps data across a restart', async () => {
    await withDataDir(async (dataDir) => {
      const port = await freePort();

      const first = await startEmbeddedPostgres({ dataDir, port });
      try {
        await withClient(first.url, async (client) => {
          expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
          await client.query('create table notes (body text not null)');
          await client.query(`insert into notes (body) values ('survives a restart')`);
        });
      } finally {
        await first.stop();
      }
      expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);

      const second = await startEmbeddedPostgres({ dataDir, port });
      try {
        await withClient(second.url, async (client) => {
          expect((await client.query('select body from notes')).rows).toEqual([{ body: 'survives a restart' }]);
        });
      } finally {
        await second.stop();
      }
    });
  });

  it('starts again after the server was killed and left postmaster.pid behind', async () => {
    await withDataDir(async (dataDir) => {
      const port = await freePort();
      const crashed = await startEmbeddedPostgres({ dataDir, port });
      const pidFile = path.join(dataDir, 'postmaster.pid');
      const postmasterPid = Number((await readFile(pidFile, 'utf8')).split('\n', 1)[0]);
      process.kill(postmasterPid, 'SIGKILL');
      await waitUntilGone(postmasterPid);
      expect(existsSync(pidFile)).toBe(true);
      await crashed.stop();

      const restarted = await startEmbeddedPostgres({ dataDir, port });
      try {
        await withClient(restarted.url, async (client) => {
          expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
        });
      } finally {
        await restarted.stop();
      }
    });
  });

  it('says the port is busy when it is', async () => {
    const squatter = net.createServer().listen(0, '127.0.0.1');
    await once(squatter, 'listening');
    const port = (squatter.address() as net.AddressInfo).port;
    try {
      await withDataDir(async (dataDir) => {
        await expect(startEmbeddedPostgres({ dataDir, port })).rejects.toThrow(
          `Port ${port} on 127.0.0.1 is already in use`,
        );
      });
    } finally {
      squatter.close();
    }
  });
});

async function withDataDir(use: (dataDir: string) => Promise<void>): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'embedded-postgres-'));
  // mkdtemp makes the folder 0700; as root the server runs as another account that must reach the data folder.
  await chmod(root, 0o755);
  try {
    await use(path.join(root, 'pgdata'));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function withClient(url: string, use: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

/** Waits until no process has `pid` (signal 0 only asks whether it exists). */
function waitUntilGone(pid: number): Promise<void> {
  return vi.waitFor(
    () => {
      try {
        process.kill(pid, 0);
      } catch {
        return;
      }
      throw new Error(`process ${pid} is still running`);
    },
    { timeout: 30_000, interval: 20 },
  );
}
