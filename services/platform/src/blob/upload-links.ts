import { FORUM_MESSAGES } from '@crucible/proto';
import { BadRequestError, ConflictError } from '../errors/http-errors.ts';
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
  recordedAt: Date | null;
  expiresAt: Date;
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
  if (!link || !claim.belongsHere(link)) throw new BadRequestError(FORUM_MESSAGES.fileNotUploaded);
  if (link.recordedAt) throw new ConflictError(FORUM_MESSAGES.attachmentTaken);
  if (link.expiresAt <= now) throw new BadRequestError(FORUM_MESSAGES.uploadLinkExpired);
  if (!(await blobs.stat(link.uploadKey))) throw new BadRequestError(FORUM_MESSAGES.fileNotUploaded);
  if (!(await claim.markRecorded(now))) throw new ConflictError(FORUM_MESSAGES.attachmentTaken);
  try {
    return await blobs.move(link.uploadKey, claim.finalKey);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404) throw new BadRequestError(FORUM_MESSAGES.fileNotUploaded);
    if (status === 409) throw new ConflictError(FORUM_MESSAGES.attachmentTaken);
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
