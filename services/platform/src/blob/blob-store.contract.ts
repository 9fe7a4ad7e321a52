import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { BlobStore } from './blob-store.ts';

const DOWNLOAD_NAME = "Résumé (final) d'Ada.pdf";
// Presigned links are good to the second, so a 1 s link is surely dead 1.1 s later.
const PAST_A_ONE_SECOND_LINK_MS = 1_100;

function downloadNameOf(contentDisposition: string | null): string | undefined {
  const encoded = contentDisposition?.match(/^attachment; filename\*=UTF-8''(.+)$/)?.[1];
  return encoded && decodeURIComponent(encoded);
}

/**
 * What every BlobStore must do, run against each implementation with real HTTP for the presigned
 * URLs. Tests run concurrently on keys of their own, so the expiry wait costs its second once.
 */
export function describeBlobStoreContract(name: string, makeStore: () => Promise<BlobStore>): void {
  describe.concurrent(`${name} blob store`, () => {
    let store: BlobStore;
    const usedKeys: string[] = [];
    const freshKey = (label: string) => {
      const key = `contract/${randomUUID()}/${label}`;
      usedKeys.push(key);
      return key;
    };

    beforeAll(async () => {
      store = await makeStore();
    });

    afterAll(async () => {
      if (store) await Promise.all(usedKeys.map((key) => store.delete(key)));
    });

    it('accepts a presigned upload and then reports its size and type', async ({ expect }) => {
      const key = freshKey('photo.png');
      const url = await store.presignUpload(key, { contentType: 'image/png' });
      const response = await fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': 'image/png' },
        body: Buffer.alloc(1234, 7),
      });
      expect(response.ok).toBe(true);
      expect(await store.stat(key)).toEqual({ size: 1234, contentType: 'image/png' });
    });

    it('downloads through a presigned URL as an attachment with the download name', async ({ expect }) => {
      const key = freshKey('report.pdf');
      await store.write(key, Buffer.from('%PDF-1.7 pretend'), { contentType: 'application/pdf' });
      const response = await fetch(
        await store.presignDownload(key, { downloadName: DOWNLOAD_NAME, contentType: 'application/pdf' }),
      );
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('%PDF-1.7 pretend');
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(downloadNameOf(response.headers.get('content-disposition'))).toBe(DOWNLOAD_NAME);
    });

    it('serves a stored HTML page as an octet-stream attachment', async ({ expect }) => {
      const key = freshKey('page.html');
      await store.write(key, Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
      const response = await fetch(await store.presignDownload(key, { downloadName: 'page.html' }));
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    });

    it('reads the inclusive byte range asked for', async ({ expect }) => {
      const key = freshKey('alphabet.txt');
      await store.write(key, Buffer.from('abcdefghijklmnopqrstuvwxyz'), { contentType: 'text/plain' });
      expect((await buffer(await store.read(key, { start: 2, end: 5 }))).toString()).toBe('cdef');
    });

    it('reads back what was written from a stream', async ({ expect }) => {
      const key = freshKey('streamed.bin');
      const chunks = Array.from({ length: 20 }, (_, index) => Buffer.alloc(10_000, index));
      // With the size given; s3rver lacks the multipart listing minio needs for a stream of unknown size.
      await store.write(key, Readable.from(chunks), { contentType: 'application/octet-stream', size: 200_000 });
      expect(await store.stat(key)).toEqual({ size: 200_000, contentType: 'application/octet-stream' });
      expect((await buffer(await store.read(key))).equals(Buffer.concat(chunks))).toBe(true);
    });

    it('finds nothing once a blob is deleted, and deleting it again is no error', async ({ expect }) => {
      const key = freshKey('doomed.txt');
      await store.write(key, Buffer.from('bye'), { contentType: 'text/plain' });
      await store.delete(key);
      expect(await store.stat(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('refuses a second write to a key with a 409, keeping the first object', async ({ expect }) => {
      const key = freshKey('once.txt');
      await store.write(key, Buffer.from('first'), { contentType: 'text/plain' });
      await expect(
        store.write(key, Buffer.from('second, longer'), { contentType: 'application/x-msdownload' }),
      ).rejects.toMatchObject({ statusCode: 409 });
      expect(await store.stat(key)).toEqual({ size: 5, contentType: 'text/plain' });
      expect((await buffer(await store.read(key))).toString()).toBe('first');
    });

    it.for([
      ['longer', Buffer.alloc(12, 1)],
      ['shorter', Buffer.alloc(8, 1)],
    ] as const)(
      'refuses a body %s than its declared size with a 400, storing nothing',
      async ([, body], { expect }) => {
        const key = freshKey('sized.bin');
        await expect(
          store.write(key, body, { contentType: 'application/octet-stream', size: 10 }),
        ).rejects.toMatchObject({ statusCode: 400 });
        expect(await store.stat(key)).toBeNull();
      },
    );

    it('refuses a streamed body longer than its declared size, storing nothing', async ({ expect }) => {
      const key = freshKey('streamed-sized.bin');
      const chunks = Array.from({ length: 4 }, () => Buffer.alloc(1000, 3));
      await expect(
        store.write(key, Readable.from(chunks), { contentType: 'application/octet-stream', size: 3000 }),
      ).rejects.toMatchObject({ statusCode: 400 });
      expect(await store.stat(key)).toBeNull();
    });

    it('moves an upload to its final key, with its size and type, leaving nothing behind', async ({ expect }) => {
      const uploadKey = freshKey('upload.png');
      const finalKey = freshKey('final.png');
      const url = await store.presignUpload(uploadKey, { contentType: 'image/png' });
      expect(
        (await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: Buffer.alloc(300, 9) })).ok,
      ).toBe(true);
      expect(await store.move(uploadKey, finalKey)).toEqual({ size: 300, contentType: 'image/png' });
      expect(await store.stat(uploadKey)).toBeNull();
      expect((await buffer(await store.read(finalKey))).equals(Buffer.alloc(300, 9))).toBe(true);
    });

    it('keeps a moved object as it is when its upload link is used again, even after it is deleted', async ({
      expect,
    }) => {
      const uploadKey = freshKey('reused.png');
      const finalKey = freshKey('kept.png');
      const url = await store.presignUpload(uploadKey, { contentType: 'image/png' });
      const put = (body: Buffer) =>
        fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(body) });
      expect((await put(Buffer.alloc(100, 1))).ok).toBe(true);
      await store.move(uploadKey, finalKey);
      await put(Buffer.from('MZ pretend executable'));
      expect(await store.stat(finalKey)).toEqual({ size: 100, contentType: 'image/png' });
      expect((await buffer(await store.read(finalKey))).equals(Buffer.alloc(100, 1))).toBe(true);
      await store.delete(finalKey);
      await put(Buffer.from('MZ pretend executable'));
      expect(await store.stat(finalKey)).toBeNull();
    });

    it('refuses to move onto a key that holds an object (409) or from one that does not (404)', async ({ expect }) => {
      const from = freshKey('from.txt');
      const taken = freshKey('taken.txt');
      await store.write(from, Buffer.from('mine'), { contentType: 'text/plain' });
      await store.write(taken, Buffer.from('theirs'), { contentType: 'text/plain' });
      await expect(store.move(from, taken)).rejects.toMatchObject({ statusCode: 409 });
      expect((await buffer(await store.read(taken))).toString()).toBe('theirs');
      expect(await store.stat(from)).toEqual({ size: 4, contentType: 'text/plain' });
      await expect(store.move(freshKey('never.txt'), freshKey('nowhere.txt'))).rejects.toMatchObject({
        statusCode: 404,
      });
    });

    it('refuses to read a blob that does not exist with a 404', async ({ expect }) => {
      await expect(store.read(freshKey('missing.txt'))).rejects.toMatchObject({ statusCode: 404 });
    });

    it('refuses a presigned download link once it has expired', async ({ expect }) => {
      const key = freshKey('short-lived.txt');
      await store.write(key, Buffer.from('soon gone'), { contentType: 'text/plain' });
      const url = await store.presignDownload(key, { downloadName: 'short-lived.txt', expiresInSeconds: 1 });
      await sleep(PAST_A_ONE_SECOND_LINK_MS);
      expect((await fetch(url)).status).toBe(403);
    });

    it.for(['../outside', 'a/../../outside', '/absolute', 'back\\slash', 'nul\0byte', 'double//slash', ''])(
      'refuses the key %j with a 400',
      async (key, { expect }) => {
        await expect(store.presignUpload(key, { contentType: 'text/plain' })).rejects.toMatchObject({
          statusCode: 400,
        });
        await expect(store.stat(key)).rejects.toMatchObject({ statusCode: 400 });
      },
    );

    it('reports healthy', async ({ expect }) => {
      expect(await store.isHealthy()).toBe(true);
    });
  });
}
