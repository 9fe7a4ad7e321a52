import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FORUM_MESSAGES, LIMITS, SUBJECTS, allowedAttachmentFor, sanitizeFileName,
  type Attachment, type AttachmentCreate, type AttachmentCreatedPayload, type AttachmentUploadRequest, type AttachmentUploadResponse,
} from '@crucible/proto';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@crucible/platform';
import { contentMatches, sniffMimeType, TEXT_SAMPLE_BYTES } from '../attachments/file-checks.ts';
import type { Attachment as AttachmentRow } from '../generated/prisma/client.ts';
import { attachmentDownloadPath } from '../repositories/attachments.ts';
import { isUniqueViolation } from '../repositories/sql.ts';
import type { Viewer } from './access.ts';
import { inTransaction, type ForumContext, type Tx } from './context.ts';
import { requireAuthorOrModerator, visibleDiscussion } from './discussion-access.ts';

const MAX_BYTES = LIMITS.forum.attachmentMaxBytes;
const UPLOAD_LINK_SECONDS = 15 * 60;
const KEY_PATTERN = /^attachments\/([0-9a-f-]{36})\/[0-9a-f-]{36}$/;

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

function requireForumMember(viewer: Viewer): void {
  if (viewer.level === 'Public') throw new ForbiddenError(FORUM_MESSAGES.forumsNeedLevel);
}

/**
 * A presigned PUT for a key the server picks under the member's own folder, so a later record
 * can only ever claim the member's own uploads.
 */
export async function requestUpload(ctx: ForumContext, viewer: Viewer, request: AttachmentUploadRequest): Promise<AttachmentUploadResponse> {
  requireForumMember(viewer);
  const kind = allowedAttachmentFor(request.fileName, request.mimeType);
  if (!kind) throw new BadRequestError(FORUM_MESSAGES.fileTypeNotAllowed);
  const filePath = `attachments/${viewer.userId}/${randomUUID()}`;
  const uploadURL = await ctx.blobs.presignUpload(filePath, { contentType: kind.mimeType, expiresInSeconds: UPLOAD_LINK_SECONDS });
  return {
    uploadURL,
    contentType: kind.mimeType,
    filePath,
    fileName: sanitizeFileName(request.fileName),
    maxFileSize: MAX_BYTES,
    expiresAt: new Date(Date.now() + UPLOAD_LINK_SECONDS * 1000).toISOString(),
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Why the stored object cannot become an attachment, or its kind when it can. */
async function vetStoredObject(ctx: ForumContext, key: string, size: number, input: AttachmentCreate) {
  const kind = allowedAttachmentFor(input.originalName, input.mimeType);
  if (!kind) return { problem: FORUM_MESSAGES.fileTypeNotAllowed } as const;
  if (size > MAX_BYTES) return { problem: FORUM_MESSAGES.fileTooLarge(MAX_BYTES) } as const;
  const matches = await contentMatches(kind, {
    sniffedMimeType: size === 0 ? undefined : await sniffMimeType(await ctx.blobs.read(key)),
    textSample: async () => {
      if (size === 0) return { sample: Buffer.alloc(0), complete: true };
      const end = Math.min(size, TEXT_SAMPLE_BYTES) - 1;
      return { sample: await readAll(await ctx.blobs.read(key, { start: 0, end })), complete: end === size - 1 };
    },
  });
  return matches ? ({ kind } as const) : ({ problem: FORUM_MESSAGES.fileContentMismatch } as const);
}

/**
 * Records an upload after checking the stored object itself: its size, and that its bytes are of
 * an allowed type matching its name. A refused object is deleted and the answer says why.
 */
export async function recordAttachment(ctx: ForumContext, viewer: Viewer, input: AttachmentCreate): Promise<Attachment> {
  requireForumMember(viewer);
  const key = input.filePath;
  if (KEY_PATTERN.exec(key)?.[1] !== viewer.userId) throw new BadRequestError(FORUM_MESSAGES.attachmentNotYours);
  if (input.discussionId && input.replyId) throw new BadRequestError('An attachment belongs to a discussion or to a reply, not both');
  if (await ctx.prisma.attachment.findUnique({ where: { filePath: key }, select: { id: true } })) throw new ConflictError(FORUM_MESSAGES.attachmentTaken);
  if (input.discussionId) await requireAttachableDiscussion(ctx, viewer, input.discussionId);
  if (input.replyId) await requireAttachableReply(ctx, viewer, input.replyId);

  const stored = await ctx.blobs.stat(key);
  if (!stored) throw new BadRequestError(FORUM_MESSAGES.fileNotUploaded);
  const verdict = await vetStoredObject(ctx, key, stored.size, input);
  if ('problem' in verdict) {
    await ctx.blobs.delete(key);
    throw new BadRequestError(verdict.problem!);
  }

  const id = randomUUID();
  try {
    const row = await inTransaction(ctx, async (tx, emit) => {
      const created = await tx.attachment.create({
        data: {
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
        },
      });
      const payload: AttachmentCreatedPayload = {
        attachmentId: id, uploadedBy: viewer.userId, discussionId: created.discussionId, replyId: created.replyId,
        fileName: created.fileName, fileSize: created.fileSize, mimeType: created.mimeType,
      };
      await emit(SUBJECTS.forumAttachmentCreated, payload);
      return created;
    });
    return toView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(FORUM_MESSAGES.attachmentTaken);
    throw error;
  }
}

async function requireAttachableDiscussion(ctx: ForumContext, viewer: Viewer, discussionId: string): Promise<void> {
  await requireAuthorOrModerator(await visibleDiscussion(ctx, viewer, discussionId));
}

async function requireAttachableReply(ctx: ForumContext, viewer: Viewer, replyId: string): Promise<void> {
  const reply = await ctx.prisma.reply.findUnique({ where: { id: replyId }, select: { discussionId: true, authorId: true, isApproved: true } });
  if (!reply) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  const access = await visibleDiscussion(ctx, viewer, reply.discussionId).catch(() => {
    throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  });
  if (reply.authorId !== viewer.userId && !(await access.canModerate())) throw new ForbiddenError(FORUM_MESSAGES.notYourPost);
}

/**
 * Links the member's own unlinked uploads to a new post (in its transaction). Someone else's
 * upload answers like a missing one.
 */
export async function linkAttachments(tx: Tx, viewer: Viewer, attachmentIds: string[], target: { discussionId: string } | { replyId: string }): Promise<void> {
  const ids = [...new Set(attachmentIds)];
  if (ids.length === 0) return;
  const linked = await tx.attachment.updateMany({ where: { id: { in: ids }, uploadedBy: viewer.userId, discussionId: null, replyId: null }, data: target });
  if (linked.count === ids.length) return;
  const mine = await tx.attachment.count({ where: { id: { in: ids }, uploadedBy: viewer.userId } });
  if (mine < ids.length) throw new NotFoundError(FORUM_MESSAGES.attachmentNotFound);
  throw new ConflictError(FORUM_MESSAGES.attachmentLinked);
}

/** POST /api/discussions/{id}/attachments: the discussion's author links uploads after creating it. */
export async function attachToDiscussion(ctx: ForumContext, viewer: Viewer, discussionId: string, attachmentIds: string[]): Promise<Attachment[]> {
  await requireAttachableDiscussion(ctx, viewer, discussionId);
  await inTransaction(ctx, (tx) => linkAttachments(tx, viewer, attachmentIds, { discussionId }));
  const rows = await ctx.prisma.attachment.findMany({ where: { discussionId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(toView);
}

/**
 * The attachment if the viewer may see it: that of a discussion or reply they can see, or their
 * own upload not yet linked. Anything else is a 404.
 */
async function visibleAttachment(ctx: ForumContext, viewer: Viewer, id: string): Promise<{ row: AttachmentRow; canModerate: () => Promise<boolean> }> {
  const row = await ctx.prisma.attachment.findUnique({ where: { id } });
  const missing = new NotFoundError(FORUM_MESSAGES.attachmentNotFound);
  if (!row) throw missing;
  const reply = row.replyId ? await ctx.prisma.reply.findUnique({ where: { id: row.replyId }, select: { discussionId: true, authorId: true, isApproved: true } }) : null;
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

export async function getAttachment(ctx: ForumContext, viewer: Viewer, id: string): Promise<Attachment> {
  return toView((await visibleAttachment(ctx, viewer, id)).row);
}

export interface AttachmentDownload {
  attachment: Attachment;
  size: number;
  open(): Promise<Readable>;
}

export async function downloadAttachment(ctx: ForumContext, viewer: Viewer, id: string): Promise<AttachmentDownload> {
  const { row } = await visibleAttachment(ctx, viewer, id);
  const stored = await ctx.blobs.stat(row.filePath);
  if (!stored) throw new NotFoundError(FORUM_MESSAGES.attachmentNotFound);
  return { attachment: toView(row), size: stored.size, open: () => ctx.blobs.read(row.filePath) };
}

export async function deleteAttachment(ctx: ForumContext, viewer: Viewer, id: string): Promise<void> {
  const { row, canModerate } = await visibleAttachment(ctx, viewer, id);
  if (row.uploadedBy !== viewer.userId && !(await canModerate())) throw new ForbiddenError(FORUM_MESSAGES.notYourPost);
  await ctx.prisma.attachment.deleteMany({ where: { id } });
  deleteBlobsLater(ctx, [row.filePath]);
}

/** Removes stored objects whose rows are gone; a failure leaves an orphan object, logged, never an error for the member. */
export function deleteBlobsLater(ctx: ForumContext, keys: string[]): void {
  for (const key of keys) {
    ctx.blobs.delete(key).catch((error: unknown) => ctx.logger.warn({ err: error, key }, 'could not delete an attachment object; it is orphaned'));
  }
}
