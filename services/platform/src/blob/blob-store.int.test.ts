import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from './blob-store.contract.ts';
import {
  startDiskBlobServer,
  startS3rver,
  S3RVER_CREDENTIALS,
  type RunningDiskBlobServer,
  type RunningS3rver,
} from './blob-test-servers.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

describe('against s3rver', () => {
  let s3rver: RunningS3rver;
  beforeAll(async () => {
    s3rver = await startS3rver();
  });
  afterAll(() => s3rver?.stop());

  describeBlobStoreContract('s3', () =>
    createS3BlobStore({ endpoint: s3rver.endpoint, ...S3RVER_CREDENTIALS, bucket: 'contract-tests' }),
  );

  it('creates its bucket on start and starts again when the bucket is already there', async () => {
    const options = { endpoint: s3rver.endpoint, ...S3RVER_CREDENTIALS, bucket: 'created-on-start' };
    expect(await (await createS3BlobStore(options)).isHealthy()).toBe(true);
    expect(await (await createS3BlobStore(options)).isHealthy()).toBe(true);
  });

  it('signs URLs for the host browsers use when that is not its own', async () => {
    const store = await createS3BlobStore({
      endpoint: s3rver.endpoint,
      publicEndpoint: `http://localhost:${s3rver.port}`,
      ...S3RVER_CREDENTIALS,
      bucket: 'public-endpoint',
    });
    const url = new URL(await store.presignUpload('note.txt', { contentType: 'text/plain' }));
    expect(url.origin).toBe(`http://localhost:${s3rver.port}`);
    expect((await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'hi' })).ok).toBe(true);
    expect(await store.stat('note.txt')).toEqual({ size: 2, contentType: 'text/plain' });
  });

  it('reports unhealthy when S3 is unreachable', async () => {
    const running = await startS3rver();
    const store = await createS3BlobStore({ endpoint: running.endpoint, ...S3RVER_CREDENTIALS, bucket: 'soon-gone' });
    await running.stop();
    expect(await store.isHealthy()).toBe(false);
  });
});

describe('on disk', () => {
  let server: RunningDiskBlobServer;
  beforeAll(async () => {
    server = await startDiskBlobServer();
  });
  afterAll(() => server?.stop());

  describeBlobStoreContract('disk', async () => server.store);
});
