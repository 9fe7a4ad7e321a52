import * as Minio from 'minio';
import { Readable, Transform } from 'node:stream';
import { LIMITS } from '@crucible/proto';
import { BadRequestError, ConflictError, NotFoundError } from '../errors/http-errors.ts';
import { assertValidBlobKey } from './blob-key.ts';
import type { BlobInfo, BlobStore } from './blob-store.ts';
import { attachmentDisposition, servedContentType } from './download-headers.ts';

export interface S3BlobStoreOptions {
  /** Where this process reaches S3, e.g. `http://minio:9000`. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /** Where browsers reach S3, when that differs from `endpoint` (e.g. `https://files.example.org`). */
  publicEndpoint?: string;
}

const TAKEN_MESSAGE = 'A blob with this key already exists';
const MISSING_OBJECT_CODES = new Set(['NotFound', 'NoSuchKey']);
const BUCKET_ALREADY_THERE_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

function hasCodeIn(error: unknown, codes: Set<string>): boolean {
  return codes.has(String((error as { code?: unknown }).code));
}

function minioClient(endpoint: string, options: S3BlobStoreOptions & { region: string }): Minio.Client {
  const url = new URL(endpoint);
  if (url.pathname !== '/') throw new Error(`S3 endpoint ${endpoint} must not have a path`);
  const useSSL = url.protocol === 'https:';
  return new Minio.Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    // Knowing the region lets presigning skip the request that would ask S3 for it.
    region: options.region,
    pathStyle: true,
  });
}

async function ensureBucket(client: Minio.Client, bucket: string, region: string): Promise<void> {
  if (await client.bucketExists(bucket)) return;
  try {
    await client.makeBucket(bucket, region);
  } catch (error) {
    // Replicas starting together race to create it; losing that race is fine.
    if (!hasCodeIn(error, BUCKET_ALREADY_THERE_CODES)) throw error;
  }
}

/** Fails the stream once more than `declared` bytes went through, before S3 stores a longer body. */
function notLongerThan(declared: number): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > declared) done(new BadRequestError(`The body is longer than the declared ${declared} bytes`));
      else done(null, chunk);
    },
  });
}

function limitedTo(body: Readable, declared: number): Readable {
  const limited = notLongerThan(declared);
  body.once('error', (error) => limited.destroy(error));
  return body.pipe(limited);
}

export interface S3BlobStore extends BlobStore {
  readonly kind: 's3';
}

/** Blobs in an S3 bucket (MinIO in the cluster); the bucket is created on start when missing. */
export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<S3BlobStore> {
  const { bucket } = options;
  const region = options.region ?? 'us-east-1';
  const client = minioClient(options.endpoint, { ...options, region });
  // A presigned URL's signature covers its host, so URLs for browsers are signed for the host they use.
  const presigner = options.publicEndpoint ? minioClient(options.publicEndpoint, { ...options, region }) : client;
  await ensureBucket(client, bucket, region);

  const stat = async (key: string): Promise<BlobInfo | null> => {
    assertValidBlobKey(key);
    try {
      const object = await client.statObject(bucket, key);
      return { size: object.size, contentType: (object.metaData['content-type'] as string | undefined) ?? null };
    } catch (error) {
      if (hasCodeIn(error, MISSING_OBJECT_CODES)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',
    location: `${options.endpoint.replace(/\/+$/, '')}/${bucket}`,

    async presignUpload(key, { expiresInSeconds = LIMITS.signedLinkSeconds }) {
      assertValidBlobKey(key);
      // S3 stores the Content-Type header the browser sends with the PUT.
      return presigner.presignedPutObject(bucket, key, expiresInSeconds);
    },

    async presignDownload(key, { downloadName, contentType, expiresInSeconds = LIMITS.signedLinkSeconds }) {
      assertValidBlobKey(key);
      // S3 cannot vet the stored type at download time, so it is looked up here to be vetted.
      const type = contentType ?? (await stat(key))?.contentType;
      return presigner.presignedGetObject(bucket, key, expiresInSeconds, {
        'response-content-disposition': attachmentDisposition(downloadName),
        'response-content-type': servedContentType(type),
      });
    },

    stat,

    async read(key, range) {
      assertValidBlobKey(key);
      try {
        return range
          ? await client.getPartialObject(bucket, key, range.start, range.end - range.start + 1)
          : await client.getObject(bucket, key);
      } catch (error) {
        if (hasCodeIn(error, MISSING_OBJECT_CODES)) throw new NotFoundError('No such blob');
        throw error;
      }
    },

    // S3 has no create-only copy and presigned PUTs cannot reliably carry If-None-Match, so write-once
    // is a check before the write here; callers that race for a key settle it elsewhere (a unique row).
    async write(key, body, { contentType, size }) {
      if (await stat(key)) throw new ConflictError(TAKEN_MESSAGE);
      if (size !== undefined && Buffer.isBuffer(body) && body.length !== size) {
        throw new BadRequestError(`The body is ${body.length} bytes, not the declared ${size}`);
      }
      const source = size === undefined || Buffer.isBuffer(body) ? body : limitedTo(body, size);
      await client.putObject(bucket, key, source, size, { 'Content-Type': contentType });
      const stored = await stat(key);
      if (size !== undefined && stored?.size !== size) {
        await client.removeObject(bucket, key);
        throw new BadRequestError(`The body is ${stored?.size ?? 0} bytes, not the declared ${size}`);
      }
    },

    async move(from, to) {
      assertValidBlobKey(from);
      if (await stat(to)) throw new ConflictError(TAKEN_MESSAGE);
      if (!(await stat(from))) throw new NotFoundError('No such blob');
      const source = new Minio.CopySourceOptions({ Bucket: bucket, Object: from });
      await client.copyObject(source, new Minio.CopyDestinationOptions({ Bucket: bucket, Object: to }));
      await client.removeObject(bucket, from);
      const moved = await stat(to);
      if (!moved) throw new NotFoundError('No such blob');
      return moved;
    },

    async delete(key) {
      assertValidBlobKey(key);
      await client.removeObject(bucket, key);
    },

    async isHealthy() {
      return client.bucketExists(bucket).catch(() => false);
    },
  };
}
