import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isReachable, loadConfig, silentLogger, type ComponentReport } from '@crucible/platform';
import {
  TEST_SERVICES,
  createTestDatabase,
  deleteNamespaceStreams,
  freePort,
  uniqueNamespace,
  type TestDatabase,
} from '@crucible/test-kit';
import { WEBSOCKET_PATH, WS_ACCEPTED_PROTOCOL, WS_AUTH_PROTOCOL_PREFIX, WS_CLOSE } from '@crucible/proto';
import { launcherConfigSchema } from './config.ts';
import { launcherTargets, requestedTargets } from './launcher-targets.ts';
import { createTargetRunner } from './targets.ts';

// Nothing answers on port 1: a process running part of the product must refuse to start.
const UNREACHABLE = { NATS_URL: 'nats://127.0.0.1:1', REDIS_URL: 'redis://127.0.0.1:1' };
// Part of the product runs against the shared NATS and Redis, in a namespace of the run.
const namespace = uniqueNamespace('launcher');
const SHARED = { NATS_URL: TEST_SERVICES.nats.url, REDIS_URL: TEST_SERVICES.redis.url, NATS_NAMESPACE: namespace };

let root: string;
let database: TestDatabase;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'launcher-'));
  // As root the embedded server runs as another account, which must reach its data folder.
  await chmod(root, 0o755);
  database = await createTestDatabase('launcher');
});

afterAll(async () => {
  await deleteNamespaceStreams(namespace);
  await database?.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

function runnerFor(env: Record<string, string>) {
  const config = loadConfig(launcherConfigSchema, env);
  const reports: ComponentReport[] = [];
  const graph = launcherTargets(
    { config, env, logger: silentLogger, report: (line) => reports.push(line) },
    requestedTargets(config.TARGETS),
  );
  return { runner: createTargetRunner(graph), reports, targets: requestedTargets(config.TARGETS) };
}

describe('the launcher', () => {
  it('stops the embedded PostgreSQL it started when a service then fails to start', async () => {
    const squatter = net.createServer().listen(0, '127.0.0.1');
    await once(squatter, 'listening');
    const takenPort = (squatter.address() as net.AddressInfo).port;
    const postgresPort = await freePort();
    const dataDir = path.join(root, 'failing-start');
    try {
      const { runner, reports, targets } = runnerFor({
        ...SHARED,
        TARGETS: 'auth',
        DATA_DIR: dataDir,
        // No local server there: the embedded one starts.
        LOCAL_DATABASE_SERVER_URL: 'postgresql://postgres@127.0.0.1:1/postgres',
        EMBEDDED_POSTGRES_PORT: String(postgresPort),
        AUTH_PORT: String(takenPort),
      });

      await expect(runner.start(targets)).rejects.toThrow(/Target "auth" failed to start: .*EADDRINUSE/);

      expect(reports.map((line) => line.kind)).toContain('embedded PostgreSQL');
      expect(await isReachable(`postgresql://127.0.0.1:${postgresPort}`, postgresPort)).toBe(false);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(await processesUsing(dataDir)).toEqual([]);
    } finally {
      squatter.close();
    }
  });

  it('runs the gateway with the services of its process, covers them in /readyz and frees every port on stop', async () => {
    const [gatewayPort, authPort] = [await freePort(), await freePort()];
    const { runner, targets } = runnerFor({
      ...SHARED,
      TARGETS: 'auth,gateway',
      DATABASE_URL: database.url,
      DATA_DIR: path.join(root, 'running'),
      PORT: String(gatewayPort),
      AUTH_PORT: String(authPort),
    });

    expect(await runner.start(targets)).toEqual(['database', 'infrastructure', 'auth', 'gateway']);
    try {
      const ready = await fetch(`http://127.0.0.1:${gatewayPort}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { cache: true, events: true, auth: true } });
      expect(ready.status).toBe(200);
      const signin = await fetch(`http://127.0.0.1:${gatewayPort}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }),
      });
      expect(signin.status).toBe(401);
    } finally {
      await runner.stop();
    }
    expect(await isReachable(`http://127.0.0.1:${gatewayPort}`, gatewayPort)).toBe(false);
    expect(await isReachable(`http://127.0.0.1:${authPort}`, authPort)).toBe(false);
  });

  it('stops at once with sockets open: realtime closes them with 1012 (reconnect) before the gateway drains', async () => {
    const [gatewayPort, authPort, realtimePort] = [await freePort(), await freePort(), await freePort()];
    const origin = `http://localhost:${gatewayPort}`;
    const admin = { email: `launcher-${namespace}@example.com`, password: 'launcher-password-1' };
    const { runner, targets } = runnerFor({
      ...SHARED,
      TARGETS: 'auth,realtime,gateway',
      DATABASE_URL: database.url,
      DATA_DIR: path.join(root, 'sockets'),
      PORT: String(gatewayPort),
      PUBLIC_URL: origin,
      AUTH_PORT: String(authPort),
      REALTIME_PORT: String(realtimePort),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    await runner.start(targets);
    const closeCodes: number[] = [];
    try {
      const signin = await fetch(`${origin}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(admin),
      });
      expect(signin.status).toBe(200);
      const { token } = (await signin.json()) as { token: string };
      const protocols = [WS_ACCEPTED_PROTOCOL, `${WS_AUTH_PROTOCOL_PREFIX}${Buffer.from(token).toString('base64url')}`];
      const sockets = await Promise.all(
        Array.from({ length: 3 }, async () => {
          const socket = new WebSocket(`ws://localhost:${gatewayPort}${WEBSOCKET_PATH}`, protocols, { origin });
          await once(socket, 'open');
          socket.on('close', (code) => closeCodes.push(code));
          return socket;
        }),
      );
      expect(sockets.map((socket) => socket.readyState)).toEqual([WebSocket.OPEN, WebSocket.OPEN, WebSocket.OPEN]);
    } finally {
      // Without the sockets closed first, the gateway's drain would wait on them until the test's timeout.
      await runner.stop();
    }
    await vi.waitFor(() =>
      expect(closeCodes).toEqual([WS_CLOSE.serviceRestart, WS_CLOSE.serviceRestart, WS_CLOSE.serviceRestart]),
    );
  });

  it('refuses to run part of the product without NATS and Redis, naming both', async () => {
    const { runner, targets } = runnerFor({ ...UNREACHABLE, TARGETS: 'dm', DATABASE_URL: database.url });
    await expect(runner.start(targets)).rejects.toThrow(
      /TARGETS=dm runs part of the product, which needs the shared NATS at nats:\/\/127\.0\.0\.1:1 and Redis at redis:\/\/127\.0\.0\.1:1\/?, but nothing answers there/,
    );
  });

  it('refuses an unknown target before starting anything', async () => {
    const { runner, reports, targets } = runnerFor({
      ...UNREACHABLE,
      TARGETS: 'auth,chat',
      DATABASE_URL: database.url,
    });
    await expect(runner.start(targets)).rejects.toThrow('Unknown target "chat"');
    expect(reports).toEqual([]);
  });
});

/** Processes whose command line names the folder: an embedded server left behind would. */
async function processesUsing(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(folder)) found.push(`${pid}: ${commandLine.replaceAll('\0', ' ')}`);
  }
  return found;
}
