import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { LIMITS } from '@crucible/proto';
import { BadRequestError, ConflictError, ForbiddenError, HttpError, NotFoundError } from '../errors/http-errors.ts';
import type { DiskBlobStore } from './disk-blob-store.ts';
import { DOWNLOAD_SAFETY_HEADERS, attachmentDisposition, servedContentType } from './download-headers.ts';
import { PayloadTooLargeError } from '../errors/http-errors.ts';

export interface DiskBlobRouterOptions {
  maxUploadBytes?: number;
}

interface ByteRange {
  start: number;
  end: number;
}

/** Express 5 hands a `*key` wildcard over as its decoded path segments. */
function keyOf(req: Request): string {
  const segments: unknown = req.params.key;
  return Array.isArray(segments) ? segments.join('/') : String(segments);
}

/** Counts bytes on their way through and fails the stream once there are more than allowed. */
function byteLimit(maxBytes: number): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxBytes) done(new PayloadTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
}

/**
 * The request body, failing past `maxBytes`. Not pipeline(): that would destroy the request, and
 * with it the socket the 413 has to go out on.
 */
function uploadBody(req: Request, maxBytes: number): Readable {
  const limited = byteLimit(maxBytes);
  req.once('close', () => {
    if (!req.complete) limited.destroy(new Error('The upload was interrupted'));
  });
  return req.pipe(limited);
}

/** One `bytes=` range, as browsers and download managers send it; anything else gets the whole blob. */
function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return undefined;
    const suffixLength = Number(last);
    return suffixLength === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - suffixLength), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

async function receiveUpload(store: DiskBlobStore, maxBytes: number, req: Request, res: Response): Promise<void> {
  const key = keyOf(req);
  const { contentType, size } = store.verifyPresignedRequest('PUT', key, req.query);
  if (!contentType || req.get('content-type') !== contentType) {
    throw new ForbiddenError('The Content-Type header differs from the one the upload link was signed for');
  }
  // A body parser mounted in front would have eaten the upload, leaving an empty file behind.
  if (req.readableEnded) throw new Error('diskBlobRouter must be mounted before any body parser');
  if (Number(req.get('content-length') ?? 0) > maxBytes) throw new PayloadTooLargeError(maxBytes);
  // The size the member declared when asking for the link (the pending-upload cap counted it).
  if (size !== undefined && req.get('content-length') !== undefined && Number(req.get('content-length')) !== size)
    throw new BadRequestError(`The upload must be the declared ${size} bytes`);
  // The store refuses it anyway; refusing before the body saves reading it.
  if (await store.stat(key)) throw new ConflictError('An upload was already received for this link');
  try {
    await store.write(key, uploadBody(req, Math.min(maxBytes, size ?? maxBytes)), { contentType, size });
  } catch (error) {
    // Whatever stopped the write (the limit, a full disk) left the rest of the body unread on the
    // connection; closing it is cheaper than reading that to the end.
    res.set('Connection', 'close');
    throw error;
  }
  res.status(200).end();
}

async function sendDownload(store: DiskBlobStore, req: Request, res: Response): Promise<void> {
  const key = keyOf(req);
  const terms = store.verifyPresignedRequest('GET', key, req.query);
  const blob = await store.stat(key);
  if (!blob) throw new NotFoundError('No such blob');
  res.set({
    'Content-Type': servedContentType(terms.contentType ?? blob.contentType),
    'Content-Disposition': attachmentDisposition(terms.downloadName ?? key.slice(key.lastIndexOf('/') + 1)),
    ...DOWNLOAD_SAFETY_HEADERS,
    'Accept-Ranges': 'bytes',
  });
  const range = requestedRange(req.get('range'), blob.size);
  if (range === 'unsatisfiable') {
    res.set('Content-Range', `bytes */${blob.size}`);
    throw new HttpError(416, 'The requested range is outside the blob');
  }
  if (range) res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`);
  res.set('Content-Length', String(range ? range.end - range.start + 1 : blob.size));
  await pipeline(await store.read(key, range), res);
}

/**
 * Serves the URLs a DiskBlobStore presigns: `PUT` streams an upload to disk, `GET` streams a
 * download as an attachment. Mount it at the path of the store's publicBaseUrl, ahead of any body
 * parser, with the platform error middleware after it to render refusals.
 */
export function diskBlobRouter(store: DiskBlobStore, options: DiskBlobRouterOptions = {}): Router {
  // The largest object any service stores is a forum attachment.
  const maxBytes = options.maxUploadBytes ?? LIMITS.forum.attachmentMaxBytes;
  const router = Router();
  router.put('/*key', (req, res) => receiveUpload(store, maxBytes, req, res));
  router.get('/*key', (req, res) => sendDownload(store, req, res));
  return router;
}
