/**
 * The blob store the forum runs on (platform's connectBlobStore): S3 when S3_ENDPOINT is set, else
 * the disk store behind signed URLs whose secret survives restarts.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  blobStoreConfigSchema,
  connectBlobStore,
  loadConfig,
  type DiskBlobStore,
} from '@crucible/platform';
import { S3RVER_CREDENTIALS, startS3rver, type RunningS3rver } from '../../platform/src/blob/blob-test-servers.ts';
import { forumConfigSchema } from './config.ts';

let dataDir: string;
let s3: RunningS3rver;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'blob-choice-'));
  s3 = await startS3rver();
});

afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('connectBlobStore', () => {
  it('chooses the disk store under DATA_DIR without S3_ENDPOINT, with links under PUBLIC_URL/api/blobs and a router', async () => {
    const chosen = await connectBlobStore(
      loadConfig(blobStoreConfigSchema, { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:5000' }),
    );
    expect(chosen.store.kind).toBe('disk');
    expect(chosen.report).toEqual({ component: 'blobs', kind: 'disk + signed URLs', location: join(dataDir, 'blobs') });
    expect(chosen.router).toBeDefined();
    expect(await chosen.store.presignUpload('attachments/a/b', { contentType: 'image/png' })).toMatch(
      /^http:\/\/localhost:5000\/api\/blobs\/attachments\/a\/b\?expires=/,
    );
  });

  it('keeps a generated signing secret in DATA_DIR (owner-only), so links survive a restart', async () => {
    const config = loadConfig(blobStoreConfigSchema, { DATA_DIR: dataDir });
    const first = (await connectBlobStore(config)).store as DiskBlobStore;
    const link = new URL(await first.presignDownload('attachments/a/b', { downloadName: 'x.png' }));
    const restarted = (await connectBlobStore(config)).store as DiskBlobStore;
    expect(
      restarted.verifyPresignedRequest('GET', 'attachments/a/b', Object.fromEntries(link.searchParams)),
    ).toMatchObject({ downloadName: 'x.png' });
    expect((await readFile(join(dataDir, 'blob-signing-secret'), 'utf8')).length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dataDir, 'blob-signing-secret'))).mode & 0o077).toBe(0);
  });

  it('chooses S3 when S3_ENDPOINT is set, creating the bucket', async () => {
    const chosen = await connectBlobStore(
      loadConfig(blobStoreConfigSchema, {
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: S3RVER_CREDENTIALS.accessKey,
        S3_SECRET_KEY: S3RVER_CREDENTIALS.secretKey,
        S3_BUCKET: 'choice-test',
      }),
    );
    expect(chosen.store.kind).toBe('s3');
    expect(chosen.router).toBeUndefined();
    expect(chosen.report).toMatchObject({ kind: 'S3 (MinIO)', location: `${s3.endpoint}/choice-test` });
    expect(await chosen.store.isHealthy()).toBe(true);
  });

  it('names the missing S3 credentials at start-up, in the forum’s own configuration too', () => {
    for (const schema of [blobStoreConfigSchema, forumConfigSchema]) {
      const error = (() => {
        try {
          loadConfig(schema, { S3_ENDPOINT: 'http://minio:9000' });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(
        /S3_ACCESS_KEY: Required when S3_ENDPOINT is set[\s\S]*S3_SECRET_KEY: Required/,
      );
    }
  });
});
