import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Router } from 'express';
import { z } from 'zod';
import { LIMITS } from '@crucible/proto';
import { createDiskBlobStore, createS3BlobStore, diskBlobRouter, type BlobStore } from '../blob/index.ts';
import { configFields } from '../config/load-config.ts';
import type { ComponentReport } from '../service.ts';

/** Where one-machine data lives unless DATA_DIR says otherwise: `<repo>/.data` (git-ignored). */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../.data', import.meta.url));
/** Where the disk store's router is mounted, on the service and behind the gateway alike. */
export const DISK_BLOB_ROUTE = '/api/blobs';
const SECRET_FILE = 'blob-signing-secret';

/** For service schemas that extend blobStoreConfigSchema.shape (extending drops the refinement). */
export function requireS3Credentials(
  config: { S3_ENDPOINT?: string; S3_ACCESS_KEY?: string; S3_SECRET_KEY?: string },
  ctx: z.RefinementCtx,
): void {
  if (!config.S3_ENDPOINT) return;
  for (const key of ['S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
    if (!config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'Required when S3_ENDPOINT is set' });
  }
}

/**
 * S3 (MinIO) when S3_ENDPOINT is set, else a folder on disk behind signed URLs (services/README.md section 4).
 * Credentials have no defaults: a cluster without them fails at start-up naming them.
 */
export const blobStoreConfigSchema = z
  .object({
    S3_ENDPOINT: configFields.optionalUrl,
    S3_ACCESS_KEY: z.string().min(1).optional(),
    S3_SECRET_KEY: z.string().min(1).optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'Must be a valid S3 bucket name')
      .default('crucible-attachments'),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Where browsers reach S3 when that differs from S3_ENDPOINT (presigned URLs are signed for it). */
    S3_PUBLIC_ENDPOINT: configFields.optionalUrl,
    DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
    PUBLIC_URL: configFields.url('http://localhost:5000'),
    /** Signs the disk store's URLs; without it one is generated once and kept in DATA_DIR. */
    BLOB_SIGNING_SECRET: z.string().min(32, 'Must be at least 32 characters').optional(),
    /** Largest upload the disk store's router accepts. */
    BLOB_MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).default(LIMITS.forum.attachmentMaxBytes),
  })
  .superRefine(requireS3Credentials);
export type BlobStoreConfig = z.infer<typeof blobStoreConfigSchema>;

export interface ChosenBlobStore {
  store: BlobStore;
  report: ComponentReport;
  /** The disk store's upload and download endpoint: mount it at DISK_BLOB_ROUTE, ahead of body parsers. */
  router?: Router;
}

/** The persisted secret survives restarts, so links handed out before one stay valid until they expire. */
async function persistentSecret(dataDir: string): Promise<string> {
  const path = join(dataDir, SECRET_FILE);
  try {
    const existing = (await readFile(path, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx': of two processes starting together, the second reads what the first wrote.
  try {
    await writeFile(path, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(path, 'utf8')).trim();
    throw error;
  }
}

export async function connectBlobStore(config: BlobStoreConfig): Promise<ChosenBlobStore> {
  if (config.S3_ENDPOINT) {
    const store = await createS3BlobStore({
      endpoint: config.S3_ENDPOINT,
      accessKey: config.S3_ACCESS_KEY!,
      secretKey: config.S3_SECRET_KEY!,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    });
    return { store, report: { component: 'blobs', kind: 'S3 (MinIO)', location: store.location } };
  }
  const store = await createDiskBlobStore({
    root: join(config.DATA_DIR, 'blobs'),
    publicBaseUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}${DISK_BLOB_ROUTE}`,
    signingSecret: config.BLOB_SIGNING_SECRET ?? (await persistentSecret(config.DATA_DIR)),
  });
  return {
    store,
    report: { component: 'blobs', kind: 'disk + signed URLs', location: store.location },
    router: diskBlobRouter(store, { maxUploadBytes: config.BLOB_MAX_UPLOAD_BYTES }),
  };
}
