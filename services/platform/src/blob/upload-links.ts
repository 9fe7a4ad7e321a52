import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_MESSAGES,
  LIMITS,
  allowedAttachmentFor,
  sanitizeFileName,
  type AttachmentUploadRequest,
  type AttachmentUploadResponse,
} from '@crucible/proto';
import { BadRequestError, ConflictError, TooManyRequestsError } from '../errors/http-errors.ts';
import type { Logger } from '../logging/logger.ts';
import type { BlobInfo, BlobStore } from './blob-store.ts';

/**
 * The upload-link flow the forum's and the project's attachments share: a member is handed a
 * signed link that writes to an upload key; recording the attachment claims the link once and moves
 * the object to its final key, so the link (still valid for a while) can never replace a recorded
 * file. Each service keeps its links in its own table; these are the steps around them.
 */

/** A handed-out link, as the services' upload tables keep it. */
export interface UploadLink {
  uploadKey: string;
  uploadedBy: string;
  /** What the member declared (or the largest file allowed): the pending cap counted this much. */
  declaredBytes: number;
  recordedAt: Date | null;
  expiresAt: Date;
}

/**
 * An attachment's size limit, and what one member may have uploaded and not yet recorded, so nobody
 * can fill the store with links they never use. A link without a declared size counts as the largest
 * file allowed.
 */
export const ATTACHMENT_MAX_BYTES = LIMITS.forum.attachmentMaxBytes;
export const PENDING_UPLOAD_CAPS = { count: 20, bytes: 5 * ATTACHMENT_MAX_BYTES };

/** A new link's row, before the service adds its own columns (the task, for task attachments). */
export interface NewUploadLink {
  filePath: string;
  uploadKey: string;
  uploadedBy: string;
  declaredBytes: number;
  expiresAt: Date;
}

/**
 * Hands out a presigned PUT for a key the server picks under the member's own folder
 * (`${folder}/${memberId}/<uuid>`), so a later record can only ever claim the member's own uploads.
 * `addWithinCaps` stores the link unless the member's pending links would pass PENDING_UPLOAD_CAPS.
 */
export async function handOutUploadLink(
  blobs: BlobStore,
  options: {
    request: AttachmentUploadRequest;
    memberId: string;
    folder: string;
    uploadKeyOf(filePath: string): string;
    addWithinCaps(
      link: NewUploadLink,
      caps: typeof PENDING_UPLOAD_CAPS,
      now: Date,
    ): Promise<{ added: boolean; pending: { count: number; bytes: number } }>;
  },
): Promise<AttachmentUploadResponse> {
  const { request } = options;
  const kind = allowedAttachmentFor(request.fileName, request.mimeType);
  if (!kind) throw new BadRequestError(ATTACHMENT_MESSAGES.fileTypeNotAllowed);
  const filePath = `${options.folder}/${options.memberId}/${randomUUID()}`;
  const uploadKey = options.uploadKeyOf(filePath);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LIMITS.signedLinkSeconds * 1000);
  const declaredBytes = request.fileSize ?? ATTACHMENT_MAX_BYTES;
  const { added, pending } = await options.addWithinCaps(
    { filePath, uploadKey, uploadedBy: options.memberId, declaredBytes, expiresAt },
    PENDING_UPLOAD_CAPS,
    now,
  );
  if (!added)
    throw new TooManyRequestsError(
      LIMITS.signedLinkSeconds,
      ATTACHMENT_MESSAGES.tooManyPendingUploads(pending.count, pending.bytes),
    );
  const uploadURL = await blobs.presignUpload(uploadKey, {
    contentType: kind.mimeType,
    size: request.fileSize,
    expiresInSeconds: LIMITS.signedLinkSeconds,
  });
  return {
    uploadURL,
    contentType: kind.mimeType,
    filePath,
    fileName: sanitizeFileName(request.fileName),
    maxFileSize: ATTACHMENT_MAX_BYTES,
    expiresAt: expiresAt.toISOString(),
  };
}

export interface UploadClaim<Link extends UploadLink> {
  /** The link found for the attachment's final key, or null. */
  link: Link | null;
  /** Whether the link is the recording member's (and, for tasks, the task's). */
  belongsHere(link: Link): boolean;
  /** Marks the link recorded in one step; false when another record claimed it first. */
  markRecorded(now: Date): Promise<boolean>;
  finalKey: string;
}

/**
 * Claims the link for this record (once only) and moves what was uploaded through it to its final
 * key. An upload not there yet leaves the link unclaimed, so the member can retry.
 */
export async function claimUploadAndMove<Link extends UploadLink>(
  blobs: BlobStore,
  claim: UploadClaim<Link>,
): Promise<BlobInfo> {
  const now = new Date();
  const { link } = claim;
  if (!link || !claim.belongsHere(link)) throw new BadRequestError(ATTACHMENT_MESSAGES.fileNotUploaded);
  if (link.recordedAt) throw new ConflictError(ATTACHMENT_MESSAGES.attachmentTaken);
  if (link.expiresAt <= now) throw new BadRequestError(ATTACHMENT_MESSAGES.uploadLinkExpired);
  const uploaded = await blobs.stat(link.uploadKey);
  if (!uploaded) throw new BadRequestError(ATTACHMENT_MESSAGES.fileNotUploaded);
  // S3 takes a presigned PUT of any length: a file larger than declared would slip past the pending
  // cap. One over the largest allowed gets the fixed size message from the caller's file checks.
  if (uploaded.size > link.declaredBytes && uploaded.size <= ATTACHMENT_MAX_BYTES)
    throw new BadRequestError(ATTACHMENT_MESSAGES.uploadLargerThanDeclared);
  if (!(await claim.markRecorded(now))) throw new ConflictError(ATTACHMENT_MESSAGES.attachmentTaken);
  try {
    return await blobs.move(link.uploadKey, claim.finalKey);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404) throw new BadRequestError(ATTACHMENT_MESSAGES.fileNotUploaded);
    if (status === 409) throw new ConflictError(ATTACHMENT_MESSAGES.attachmentTaken);
    throw error;
  }
}

/**
 * Deletes what expired links left behind (uploads never recorded, and anything put again at a
 * recorded one's upload key), then forgets the links whose objects are gone. A link whose object
 * could not be deleted stays listed, so the next sweep tries again. Answers how many it swept.
 */
export async function sweepExpiredUploadLinks(
  blobs: BlobStore,
  logger: Logger,
  expired: { filePath: string; uploadKey: string }[],
  forget: (filePaths: string[]) => Promise<unknown>,
): Promise<number> {
  const swept: string[] = [];
  await Promise.all(
    expired.map(async (link) => {
      try {
        await blobs.delete(link.uploadKey);
        swept.push(link.filePath);
      } catch (error) {
        logger.warn({ err: error, key: link.uploadKey }, 'could not delete an expired upload');
      }
    }),
  );
  if (swept.length) await forget(swept);
  return swept.length;
}

/** How often services sweep expired upload links: an unused upload lives at most its link's life plus this. */
const UPLOAD_SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * Runs `sweep` (a service's sweep of its expired upload links) every UPLOAD_SWEEP_INTERVAL_MS in the
 * background, on a timer that keeps no process alive; a failed sweep is logged and the next one
 * retries. Answers the function that stops it.
 */
export function sweepUploadsPeriodically(sweep: () => Promise<unknown>, logger: Logger): () => void {
  const timer = setInterval(() => {
    sweep().catch((error: unknown) =>
      logger.warn({ err: error }, 'the sweep of expired uploads failed; the next one retries'),
    );
  }, UPLOAD_SWEEP_INTERVAL_MS).unref();
  return () => clearInterval(timer);
}

/**
 * Removes stored objects whose rows are gone, without making the member wait. A failure leaves an
 * orphan object, logged, never an error for the member.
 */
export function deleteStoredObjectsLater(blobs: BlobStore, logger: Logger, keys: string[]): void {
  for (const key of keys) {
    blobs
      .delete(key)
      .catch((error: unknown) => logger.warn({ err: error, key }, 'could not delete a stored object; it is orphaned'));
  }
}
