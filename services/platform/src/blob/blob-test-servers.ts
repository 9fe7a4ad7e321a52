import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import S3rver from 's3rver';
import { errorMiddleware } from '../errors/error-middleware.ts';
import { diskBlobRouter, type DiskBlobRouterOptions } from './disk-blob-router.ts';
import { createDiskBlobStore, type DiskBlobStore } from './disk-blob-store.ts';

export const S3RVER_CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

export interface RunningS3rver {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/** An S3-protocol server on a free port, keeping its objects in a folder of its own. */
export async function startS3rver(): Promise<RunningS3rver> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export interface RunningDiskBlobServer {
  store: DiskBlobStore;
  root: string;
  origin: string;
  stop(): Promise<void>;
}

/** A disk store in a temporary folder behind its router, mounted where its publicBaseUrl points. */
export async function startDiskBlobServer(routerOptions: DiskBlobRouterOptions = {}): Promise<RunningDiskBlobServer> {
  const root = await mkdtemp(join(tmpdir(), 'disk-blobs-'));
  const app = express();
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = await createDiskBlobStore({ root, publicBaseUrl: `${origin}/api/blobs`, signingSecret: randomUUID() });
  app.use('/api/blobs', diskBlobRouter(store, routerOptions));
  app.use(errorMiddleware);
  return {
    store,
    root,
    origin,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(root, { recursive: true, force: true });
    },
  };
}
