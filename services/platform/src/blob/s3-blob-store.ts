import * as Minio from 'minio';
import { NotFoundError } from '../errors/http-errors.ts';
import { assertValidBlobKey } from './blob-key.ts';
import type { BlobInfo, BlobStore } from './blob-store.ts';
import { attachmentDisposition, DEFAULT_PRESIGN_EXPIRY_SECONDS, servedContentType } from './download-headers.ts';

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

    async presignUpload(key, { expiresInSeconds = DEFAULT_PRESIGN_EXPIRY_SECONDS }) {
      assertValidBlobKey(key);
      // S3 stores the Content-Type header the browser sends with the PUT.
      return presigner.presignedPutObject(bucket, key, expiresInSeconds);
    },

    async presignDownload(key, { downloadName, contentType, expiresInSeconds = DEFAULT_PRESIGN_EXPIRY_SECONDS }) {
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
        return range ? await client.getPartialObject(bucket, key, range.start, range.end - range.start + 1) : await client.getObject(bucket, key);
      } catch (error) {
        if (hasCodeIn(error, MISSING_OBJECT_CODES)) throw new NotFoundError('No such blob');
        throw error;
      }
    },

    async write(key, body, { contentType, size }) {
      assertValidBlobKey(key);
      await client.putObject(bucket, key, body, size, { 'Content-Type': contentType });
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
