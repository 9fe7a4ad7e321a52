import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiskBlobServer, type RunningDiskBlobServer } from './blob-test-servers.ts';

const SMALL_LIMIT_BYTES = 1024;

/** Node's http client sends the path exactly as given, where fetch would resolve `..` first. */
function rawGet(origin: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    request({ hostname, port, path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

function putWithContentLength(
  url: string,
  contentType: string,
  body: Readable,
  contentLength: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const upload = request(
      url,
      { method: 'PUT', headers: { 'Content-Type': contentType, 'Content-Length': contentLength } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    upload.on('error', reject);
    body.pipe(upload);
  });
}

function repeatedChunks(chunk: Buffer, count: number, beforeEach?: (sent: number) => void): Readable {
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < count; sent += 1) {
        beforeEach?.(sent);
        yield chunk;
      }
    })(),
  );
}

/** A full collection before each sample, so only memory still in use is counted, not garbage. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function liveBytes(): number {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  // Buffers live outside the JS heap, so a body held in memory would show up in arrayBuffers.
  return heapUsed + arrayBuffers;
}

describe('disk blob router', () => {
  let server: RunningDiskBlobServer;
  beforeAll(async () => {
    server = await startDiskBlobServer({ maxUploadBytes: SMALL_LIMIT_BYTES });
  });
  afterAll(() => server?.stop());

  const upload = async (key: string, body: string, contentType = 'text/plain') => {
    const url = await server.store.presignUpload(key, { contentType });
    return fetch(url, { method: 'PUT', headers: { 'Content-Type': contentType }, body });
  };

  it('refuses a link whose signature was tampered with, with a 403 JSON body', async () => {
    const url = new URL(await server.store.presignUpload('tampered.txt', { contentType: 'text/plain' }));
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ statusCode: 403, message: 'The link is not valid' });
  });

  it('refuses an upload link used to download', async () => {
    await upload('direction.txt', 'hello');
    const uploadUrl = await server.store.presignUpload('direction.txt', { contentType: 'text/plain' });
    expect((await fetch(uploadUrl)).status).toBe(403);
  });

  it('refuses an upload sent with another Content-Type than the signed one', async () => {
    const url = await server.store.presignUpload('typed.png', { contentType: 'image/png' });
    const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: '<p>hi</p>' });
    expect(response.status).toBe(403);
    expect(await server.store.stat('typed.png')).toBeNull();
  });

  it('refuses a second PUT through the same link with a 409, keeping the first upload', async () => {
    const url = await server.store.presignUpload('once.png', { contentType: 'image/png' });
    const put = (body: string) => fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body });
    expect((await put('first')).status).toBe(200);
    const again = await put('MZ pretend executable');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ statusCode: 409 });
    expect(await server.store.stat('once.png')).toEqual({ size: 5, contentType: 'image/png' });
  });

  it('refuses a PUT through a moved (recorded) upload link with a 409, until the link is swept', async () => {
    const url = await server.store.presignUpload('recorded.png', { contentType: 'image/png' });
    const put = (body: string) => fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body });
    expect((await put('first')).status).toBe(200);
    await server.store.move('recorded.png', 'recorded-final.png');
    const again = await put('MZ pretend executable');
    expect(again.status).toBe(409);
    expect(await server.store.stat('recorded.png')).toBeNull();
    expect(await server.store.stat('recorded-final.png')).toEqual({ size: 5, contentType: 'image/png' });
    // The sweep of expired links deletes the upload key, tombstone included.
    await server.store.delete('recorded.png');
    expect((await put('swept')).status).toBe(200);
  });

  it('refuses with 400 an upload of another length than the one its link was signed for, storing nothing', async () => {
    const url = await server.store.presignUpload('sized.txt', { contentType: 'text/plain', size: 5 });
    const put = (body: string) => fetch(url, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body });
    for (const body of ['four', 'sixsix']) {
      const refused = await put(body);
      expect(refused.status, body).toBe(400);
      expect(await refused.json()).toMatchObject({ message: 'The upload must be the declared 5 bytes' });
    }
    expect(await server.store.stat('sized.txt')).toBeNull();
    // A body that announces no length is held to the size as it streams.
    expect(await putWithContentLength(url, 'text/plain', Readable.from([Buffer.from('exact')]), 5)).toBe(200);
    expect(await server.store.stat('sized.txt')).toEqual({ size: 5, contentType: 'text/plain' });
  });

  it('refuses a link whose signed size was altered', async () => {
    const url = new URL(await server.store.presignUpload('altered.txt', { contentType: 'text/plain', size: 5 }));
    url.searchParams.set('size', '500');
    const refused = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x'.repeat(500),
    });
    expect(refused.status).toBe(403);
  });

  it('answers 400 to a key that climbs out of the store, before looking at the signature', async () => {
    expect((await rawGet(server.origin, '/api/blobs/..%2F..%2Fetc%2Fpasswd')).status).toBe(400);
    const response = await rawGet(server.origin, '/api/blobs/a/../../../etc/passwd?sig=x&expires=1');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: 400 });
  });

  it('refuses with 413 an upload declared larger than the limit', async () => {
    const response = await upload('declared-too-big.txt', 'x'.repeat(SMALL_LIMIT_BYTES + 1));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413 });
  });

  it('stops with 413 a streamed upload that outgrows the limit, keeping no partial file', async () => {
    const url = await server.store.presignUpload('streamed-too-big.bin', { contentType: 'application/octet-stream' });
    const chunked = Readable.toWeb(repeatedChunks(Buffer.alloc(256), 100)) as ReadableStream<Uint8Array>;
    const response = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await server.store.stat('streamed-too-big.bin')).toBeNull();
    expect(await readdir(join(server.root, 'incoming'))).toEqual([]);
  });

  it('keeps no partial file when the client abandons an upload halfway', async () => {
    const url = await server.store.presignUpload('abandoned.bin', { contentType: 'application/octet-stream' });
    const upload = request(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': 1000 },
    });
    upload.on('error', () => {});
    upload.write(Buffer.alloc(500));
    await expect.poll(() => readdir(join(server.root, 'incoming'))).toHaveLength(1);
    upload.destroy();
    await expect.poll(() => readdir(join(server.root, 'incoming'))).toEqual([]);
    expect(await server.store.stat('abandoned.bin')).toBeNull();
  });

  it('serves HTML as an octet-stream attachment that browsers will not sniff or run', async () => {
    await upload('page.html', '<script>alert(document.cookie)</script>', 'text/html');
    const response = await fetch(await server.store.presignDownload('page.html', { downloadName: 'page.html' }));
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''page.html");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('serves a requested byte range as 206 Partial Content', async () => {
    await upload('alphabet.txt', 'abcdefghijklmnopqrstuvwxyz');
    const response = await fetch(await server.store.presignDownload('alphabet.txt', { downloadName: 'a.txt' }), {
      headers: { Range: 'bytes=23-' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 23-25/26');
    expect(await response.text()).toBe('xyz');
  });

  it('answers 416 to a range that starts past the end', async () => {
    await upload('short.txt', 'abc');
    const response = await fetch(await server.store.presignDownload('short.txt', { downloadName: 'short.txt' }), {
      headers: { Range: 'bytes=10-20' },
    });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */3');
  });

  it('answers 404 to a signed link for a blob that is not there', async () => {
    const response = await fetch(await server.store.presignDownload('never-uploaded.txt', { downloadName: 'x.txt' }));
    expect(response.status).toBe(404);
  });
});

describe('disk blob router with the default limit', () => {
  let server: RunningDiskBlobServer;
  beforeAll(async () => {
    server = await startDiskBlobServer();
  });
  afterAll(() => server?.stop());

  it('streams a 50 MB upload to disk without holding it in memory', async () => {
    const url = await server.store.presignUpload('large.bin', { contentType: 'application/octet-stream' });
    const before = liveBytes();
    const samples: number[] = [];
    const body = repeatedChunks(Buffer.alloc(1_000_000, 1), 50, (sent) => {
      // By the time most of the body is out, a server that buffers it would hold tens of megabytes.
      if (sent % 10 === 9) samples.push(liveBytes());
    });
    expect(await putWithContentLength(url, 'application/octet-stream', body, 50_000_000)).toBe(200);
    expect(await server.store.stat('large.bin')).toEqual({ size: 50_000_000, contentType: 'application/octet-stream' });
    expect(Math.max(...samples) - before).toBeLessThan(40_000_000);
  });
});
