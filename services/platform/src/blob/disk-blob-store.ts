import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, link, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, isAbsolute } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS } from '@crucible/proto';
import { BadRequestError, ConflictError, NotFoundError } from '../errors/http-errors.ts';
import { assertValidBlobKey } from './blob-key.ts';
import type { BlobInfo, BlobStore } from './blob-store.ts';
import { createUrlSigner, type PresignedMethod, type PresignedTerms } from './url-signer.ts';

export interface DiskBlobStoreOptions {
  /** The folder that holds everything; created when missing. */
  root: string;
  /** Where diskBlobRouter is reachable from browsers, e.g. `http://localhost:5000/api/blobs`. */
  publicBaseUrl: string;
  signingSecret: string;
}

export interface DiskBlobStore extends BlobStore {
  readonly kind: 'disk';
  /** The terms a presigned URL for `method` on `key` carries; a 400 for a bad key, a 403 for a bad or expired link. */
  verifyPresignedRequest(method: PresignedMethod, key: string, query: Record<string, unknown>): PresignedTerms;
}

interface StoredMeta {
  contentType: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function isTaken(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EEXIST';
}

const TAKEN_MESSAGE = 'A blob with this key already exists';

/** Counts what passes through and fails once there is more than the declared size. */
function sizeCheck(declared: number): { counter: Transform; received: () => number } {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > declared) done(new BadRequestError(`The body is longer than the declared ${declared} bytes`));
      else done(null, chunk);
    },
  });
  return { counter, received: () => received };
}

function isInside(folder: string, path: string): boolean {
  const fromFolder = relative(folder, path);
  return fromFolder !== '' && !fromFolder.startsWith('..') && !isAbsolute(fromFolder);
}

function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

async function readContentType(metaPath: string): Promise<string | null> {
  try {
    return (JSON.parse(await readFile(metaPath, 'utf8')) as StoredMeta).contentType;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Blobs as files for one-machine runs: `objects/<key>` holds the bytes and `meta/<key>.json` the
 * content type, in separate trees so no key can collide with another key's metadata. Writes land
 * in `incoming/` and are hard-linked into place, so readers never see half a file and a link onto
 * an existing file fails: objects are write-once without a window between a check and the write.
 */
export async function createDiskBlobStore(options: DiskBlobStoreOptions): Promise<DiskBlobStore> {
  const root = resolve(options.root);
  const objectsDir = join(root, 'objects');
  const metaDir = join(root, 'meta');
  const incomingDir = join(root, 'incoming');
  await Promise.all([objectsDir, metaDir, incomingDir].map((folder) => mkdir(folder, { recursive: true })));
  const signer = createUrlSigner(options.signingSecret);
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');

  const pathsOf = (key: string) => {
    assertValidBlobKey(key);
    const object = resolve(objectsDir, key);
    // Valid keys cannot climb out; this guards the files should the key rules ever loosen.
    if (!isInside(objectsDir, object)) throw new BadRequestError('Invalid blob key: it leaves the store');
    return { object, meta: `${resolve(metaDir, key)}.json` };
  };

  /** Links `source` at `target`, a 409 when `target` is there already. */
  const linkNew = async (source: string, target: string) => {
    await mkdir(dirname(target), { recursive: true });
    try {
      await link(source, target);
    } catch (error) {
      if (isTaken(error)) throw new ConflictError(TAKEN_MESSAGE);
      if (isMissing(error)) throw new NotFoundError('No such blob');
      throw error;
    }
  };

  const placeOnce = async (target: string, fill: (incomingPath: string) => Promise<void>) => {
    const incoming = join(incomingDir, randomUUID());
    try {
      await fill(incoming);
      await linkNew(incoming, target);
    } finally {
      await rm(incoming, { force: true });
    }
  };

  /** Both files of an object, the type first, so an object is never visible without it. */
  const placeObject = async (
    paths: { object: string; meta: string },
    placeMeta: () => Promise<void>,
    placeBytes: () => Promise<void>,
  ) => {
    await placeMeta();
    try {
      await placeBytes();
    } catch (error) {
      // The type just placed belongs to no object: without bytes, a later write must find the key free.
      await rm(paths.meta, { force: true });
      throw error;
    }
  };

  const presignedUrl = (
    method: PresignedMethod,
    key: string,
    terms: PresignedTerms,
    expiresInSeconds = LIMITS.signedLinkSeconds,
  ) => {
    assertValidBlobKey(key);
    return `${publicBaseUrl}/${encodeKeyPath(key)}?${signer.sign(method, key, terms, expiresInSeconds)}`;
  };

  return {
    kind: 'disk',
    location: root,

    async presignUpload(key, { contentType, size, expiresInSeconds }) {
      return presignedUrl('PUT', key, { contentType, size }, expiresInSeconds);
    },

    async presignDownload(key, { downloadName, contentType, expiresInSeconds }) {
      return presignedUrl('GET', key, { downloadName, contentType }, expiresInSeconds);
    },

    verifyPresignedRequest(method, key, query) {
      assertValidBlobKey(key);
      return signer.verify(method, key, query);
    },

    async stat(key): Promise<BlobInfo | null> {
      const paths = pathsOf(key);
      try {
        const file = await stat(paths.object);
        return file.isFile() ? { size: file.size, contentType: await readContentType(paths.meta) } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key, range) {
      try {
        const file = await open(pathsOf(key).object);
        return file.createReadStream(range && { start: range.start, end: range.end });
      } catch (error) {
        if (isMissing(error)) throw new NotFoundError('No such blob');
        throw error;
      }
    },

    async write(key, body, { contentType, size }) {
      const paths = pathsOf(key);
      const meta: StoredMeta = { contentType };
      const incomingObject = join(incomingDir, randomUUID());
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        const check = size === undefined ? undefined : sizeCheck(size);
        const target = createWriteStream(incomingObject, { flags: 'wx' });
        await (check ? pipeline(source, check.counter, target) : pipeline(source, target));
        if (check && check.received() !== size)
          throw new BadRequestError(`The body is shorter than the declared ${size} bytes`);
        await placeObject(
          paths,
          () => placeOnce(paths.meta, (incomingMeta) => writeFile(incomingMeta, JSON.stringify(meta))),
          () => linkNew(incomingObject, paths.object),
        );
      } finally {
        await rm(incomingObject, { force: true });
      }
    },

    async move(from, to) {
      const source = pathsOf(from);
      const target = pathsOf(to);
      const sourceFile = await stat(source.object).catch((error: unknown) => {
        if (isMissing(error)) throw new NotFoundError('No such blob');
        throw error;
      });
      if (!sourceFile.isFile()) throw new NotFoundError('No such blob');
      await placeObject(
        target,
        () => linkNew(source.meta, target.meta),
        () => linkNew(source.object, target.object),
      );
      // The type file stays behind as the key's tombstone: a write places the type first, once only, so
      // the upload link cannot put anything at `from` again; delete() clears it (the sweep of expired links).
      await rm(source.object, { force: true });
      return { size: sourceFile.size, contentType: await readContentType(target.meta) };
    },

    async delete(key) {
      const paths = pathsOf(key);
      await Promise.all([rm(paths.object, { force: true }), rm(paths.meta, { force: true })]);
    },

    async isHealthy() {
      return access(root, constants.W_OK).then(
        () => true,
        () => false,
      );
    },
  };
}
