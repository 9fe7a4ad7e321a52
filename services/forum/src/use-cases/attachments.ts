import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ATTACHMENT_MESSAGES,
  FORUM_MESSAGES,
  SUBJECTS,
  sanitizeFileName,
  type Attachment,
  type AttachmentCreate,
  type AttachmentCreatedPayload,
  type AttachmentUploadRequest,
  type AttachmentUploadResponse,
} from '@crucible/proto';
import {
  ATTACHMENT_MAX_BYTES,
  claimUploadAndMove,
  handOutUploadLink,
  deleteStoredObjectsLater,
  sweepExpiredUploadLinks,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  isUniqueViolation,
  vetStoredAttachment,
  type Caller,
} from '@crucible/platform';
import type { Attachment as AttachmentRow } from '../generated/prisma/client.ts';
import { attachmentDownloadPath, attachmentRepository, attachmentUploads } from '../repositories/attachments.ts';
import { replyRepository } from '../repositories/replies.ts';
import { forumLevelOfCaller } from './access.ts';
import { inTransaction, type ForumContext, type Tx } from './context.ts';
import type { DiscussionPlace } from '../repositories/discussions.ts';
import { requireAuthorOrModerator, visibleDiscussion } from './discussion-access.ts';
import { changedPayload, forgetPagesOf } from './first-pages.ts';

const MAX_BYTES = ATTACHMENT_MAX_BYTES;
const KEY_PATTERN = /^attachments\/([0-9a-f-]{36})\/[0-9a-f-]{36}$/;
/** How many expired links one sweep handles; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Where the upload link writes. Nothing is served from there: recording moves the object to its
 * final key (`filePath`), so the link, still valid for a while, can never replace a recorded file.
 */
export function uploadKeyOf(filePath: string): string {
  return filePath.replace(/^attachments\//, 'uploads/');
}

function toView(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    fileName: row.fileName,
    originalName: row.originalName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    type: row.type,
    filePath: row.filePath,
    discussionId: row.discussionId,
    replyId: row.replyId,
    publicUrl: row.publicUrl,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function requireForumMember(viewer: Caller): void {
  if (forumLevelOfCaller(viewer) === 'Public') throw new ForbiddenError(FORUM_MESSAGES.forumsNeedLevel);
}

/**
 * A presigned PUT for a key the server picks under the member's own folder, so a later record
 * can only ever claim the member's own uploads.
 */
export async function requestUpload(
  ctx: ForumContext,
  viewer: Caller,
  request: AttachmentUploadRequest,
): Promise<AttachmentUploadResponse> {
  requireForumMember(viewer);
  return handOutUploadLink(ctx.blobs, {
    request,
    memberId: viewer.userId,
    folder: 'attachments',
    uploadKeyOf,
    addWithinCaps: (link, caps, now) => attachmentUploads.addWithinCaps(ctx.prisma, link, caps, now),
  });
}

/**
 * Records an upload after checking the stored object itself: its size, and that its bytes are of
 * an allowed type matching its name. A refused object is deleted and the answer says why.
 */
export async function recordAttachment(
  ctx: ForumContext,
  viewer: Caller,
  input: AttachmentCreate,
): Promise<Attachment> {
  requireForumMember(viewer);
  const key = input.filePath;
  if (KEY_PATTERN.exec(key)?.[1] !== viewer.userId) throw new BadRequestError(ATTACHMENT_MESSAGES.attachmentNotYours);
  if (input.discussionId && input.replyId)
    throw new BadRequestError('An attachment belongs to a discussion or to a reply, not both');
  if (await attachmentRepository.isRecorded(ctx.prisma, key))
    throw new ConflictError(ATTACHMENT_MESSAGES.attachmentTaken);
  const place = input.discussionId ? await requireAttachableDiscussion(ctx, viewer, input.discussionId) : undefined;
  if (input.replyId) await requireAttachableReply(ctx, viewer, input.replyId);

  const stored = await moveUploadInPlace(ctx, viewer, key);
  // Checked where the bytes now are, which no upload link reaches, so nothing can change them after the check.
  const verdict = await vetStoredAttachment(ctx.blobs, { key, size: stored.size }, input, MAX_BYTES);
  if ('problem' in verdict) {
    await ctx.blobs.delete(key);
    throw new BadRequestError(verdict.problem);
  }

  const id = randomUUID();
  try {
    const row = await inTransaction(ctx, async (tx, emit) => {
      const created = await attachmentRepository.create(tx, {
        id,
        fileName: sanitizeFileName(input.originalName),
        originalName: input.originalName,
        fileSize: stored.size,
        mimeType: verdict.kind.mimeType,
        type: verdict.kind.type,
        filePath: key,
        publicUrl: attachmentDownloadPath(id),
        discussionId: input.discussionId ?? null,
        replyId: input.replyId ?? null,
        uploadedBy: viewer.userId,
      });
      const payload: AttachmentCreatedPayload = {
        attachmentId: id,
        uploadedBy: viewer.userId,
        discussionId: created.discussionId,
        replyId: created.replyId,
        fileName: created.fileName,
        fileSize: created.fileSize,
        mimeType: created.mimeType,
      };
      await emit(SUBJECTS.forumAttachmentCreated, payload);
      // Lists show how many attachments a discussion has.
      if (place) await emit(SUBJECTS.forumDiscussionUpdated, changedPayload(place));
      return created;
    });
    if (place) await forgetPagesOf(ctx, place);
    return toView(row);
  } catch (error) {
    // A row with this key already owns the object; otherwise the object just moved here is nobody's.
    if (isUniqueViolation(error)) throw new ConflictError(ATTACHMENT_MESSAGES.attachmentTaken);
    deleteBlobsLater(ctx, [key]);
    throw error;
  }
}

/** Claims the member's upload link for this record (once only) and moves the upload to its final key. */
async function moveUploadInPlace(ctx: ForumContext, viewer: Caller, filePath: string) {
  return claimUploadAndMove(ctx.blobs, {
    link: await attachmentUploads.find(ctx.prisma, filePath),
    belongsHere: (link) => link.uploadedBy === viewer.userId,
    markRecorded: (now) => attachmentUploads.markRecorded(ctx.prisma, filePath, viewer.userId, now),
    finalKey: filePath,
  });
}

/** Deletes what expired upload links left behind and forgets the links; answers how many it swept. */
export async function sweepExpiredUploads(ctx: ForumContext, now = new Date()): Promise<number> {
  const expired = await attachmentUploads.expired(ctx.prisma, now, SWEEP_BATCH);
  return sweepExpiredUploadLinks(ctx.blobs, ctx.logger, expired, (filePaths) =>
    attachmentUploads.deleteMany(ctx.prisma, filePaths),
  );
}

async function requireAttachableDiscussion(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
): Promise<DiscussionPlace> {
  const access = await visibleDiscussion(ctx, viewer, discussionId);
  await requireAuthorOrModerator(access);
  return access.place;
}

async function requireAttachableReply(ctx: ForumContext, viewer: Caller, replyId: string): Promise<void> {
  const reply = await replyRepository.findPlacement(ctx.prisma, replyId);
  if (!reply) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  const access = await visibleDiscussion(ctx, viewer, reply.discussionId).catch(() => {
    throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  });
  if (reply.authorId !== viewer.userId && !(await access.canModerate()))
    throw new ForbiddenError(FORUM_MESSAGES.notYourPost);
}

/**
 * Links the member's own unlinked uploads to a new post (in its transaction). Someone else's
 * upload answers like a missing one.
 */
export async function linkAttachments(
  tx: Tx,
  viewer: Caller,
  attachmentIds: string[],
  target: { discussionId: string } | { replyId: string },
): Promise<void> {
  const ids = [...new Set(attachmentIds)];
  if (ids.length === 0) return;
  if ((await attachmentRepository.linkUnlinked(tx, viewer.userId, ids, target)) === ids.length) return;
  const mine = await attachmentRepository.countUploadedBy(tx, viewer.userId, ids);
  if (mine < ids.length) throw new NotFoundError(ATTACHMENT_MESSAGES.attachmentNotFound);
  throw new ConflictError(ATTACHMENT_MESSAGES.attachmentLinked);
}

/** POST /api/discussions/{id}/attachments: the discussion's author links uploads after creating it. */
export async function attachToDiscussion(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  attachmentIds: string[],
): Promise<Attachment[]> {
  const place = await requireAttachableDiscussion(ctx, viewer, discussionId);
  await inTransaction(ctx, async (tx, emit) => {
    await linkAttachments(tx, viewer, attachmentIds, { discussionId });
    // Lists show how many attachments a discussion has.
    await emit(SUBJECTS.forumDiscussionUpdated, changedPayload(place));
  });
  await forgetPagesOf(ctx, place);
  const rows = await attachmentRepository.ofDiscussion(ctx.prisma, discussionId);
  return rows.map(toView);
}

/**
 * The attachment if the viewer may see it: that of a discussion or reply they can see, or their
 * own upload not yet linked. Anything else is a 404.
 */
async function visibleAttachment(
  ctx: ForumContext,
  viewer: Caller,
  id: string,
): Promise<{ row: AttachmentRow; canModerate: () => Promise<boolean> }> {
  const row = await attachmentRepository.findById(ctx.prisma, id);
  const missing = new NotFoundError(ATTACHMENT_MESSAGES.attachmentNotFound);
  if (!row) throw missing;
  const reply = row.replyId ? await replyRepository.findPlacement(ctx.prisma, row.replyId) : null;
  const discussionId = reply?.discussionId ?? row.discussionId;
  if (!discussionId) {
    if (row.uploadedBy !== viewer.userId && !viewer.isAdmin) throw missing;
    return { row, canModerate: async () => viewer.isAdmin };
  }
  const access = await visibleDiscussion(ctx, viewer, discussionId).catch(() => {
    throw missing;
  });
  if (reply && !reply.isApproved && reply.authorId !== viewer.userId && !(await access.canModerate())) throw missing;
  return { row, canModerate: access.canModerate };
}

export async function getAttachment(ctx: ForumContext, viewer: Caller, id: string): Promise<Attachment> {
  return toView((await visibleAttachment(ctx, viewer, id)).row);
}

export interface AttachmentDownload {
  attachment: Attachment;
  size: number;
  open(): Promise<Readable>;
}

export async function downloadAttachment(ctx: ForumContext, viewer: Caller, id: string): Promise<AttachmentDownload> {
  const { row } = await visibleAttachment(ctx, viewer, id);
  const stored = await ctx.blobs.stat(row.filePath);
  if (!stored) throw new NotFoundError(ATTACHMENT_MESSAGES.attachmentNotFound);
  if (stored.size !== row.fileSize) {
    // Recorded objects are write-once, so this is a store changed behind our back: serve nothing unchecked.
    ctx.logger.error(
      { attachmentId: id, key: row.filePath, recorded: row.fileSize, stored: stored.size },
      'a stored attachment differs from the recorded one',
    );
    throw new NotFoundError(ATTACHMENT_MESSAGES.attachmentNotFound);
  }
  return { attachment: toView(row), size: stored.size, open: () => ctx.blobs.read(row.filePath) };
}

export async function deleteAttachment(ctx: ForumContext, viewer: Caller, id: string): Promise<void> {
  const { row, canModerate } = await visibleAttachment(ctx, viewer, id);
  if (row.uploadedBy !== viewer.userId && !(await canModerate())) throw new ForbiddenError(FORUM_MESSAGES.notYourPost);
  await attachmentRepository.delete(ctx.prisma, id);
  deleteBlobsLater(ctx, [row.filePath]);
}

/** Removes the attachments' stored objects once their rows are gone (see the platform's deleteBlobsLater). */
export function deleteBlobsLater(ctx: ForumContext, keys: string[]): void {
  deleteStoredObjectsLater(ctx.blobs, ctx.logger, keys);
}
