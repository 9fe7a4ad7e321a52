/**
 * Task attachments on the forum's flow and limits: a signed upload link
 * for a key the server picks under the member's folder, a PUT of the file, then a record that moves
 * the upload to a key no link reaches and checks its bytes there (the platform's vetStoredAttachment:
 * 50 MB, the allowed types, content matching the name). Core members and admins only.
 */
import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_MESSAGES,
  PROJECT_MESSAGES,
  sanitizeFileName,
  type AttachmentUploadRequest,
  type AttachmentUploadResponse,
  type TaskAttachment,
  type TaskAttachmentCreate,
} from '@crucible/proto';
import {
  ATTACHMENT_MAX_BYTES,
  claimUploadAndMove,
  handOutUploadLink,
  deleteStoredObjectsLater,
  sweepExpiredUploadLinks,
  BadRequestError,
  ConflictError,
  NotFoundError,
  isUniqueViolation,
  vetStoredAttachment,
  type Caller,
} from '@crucible/platform';
import type { Readable } from 'node:stream';
import { taskAttachmentUploads, taskAttachments, toTaskAttachment } from '../repositories/attachments.ts';
import { audit, tasks } from '../repositories/tasks.ts';
import { requireProjectAccess } from './access.ts';
import { inTransaction, type ProjectContext } from './context.ts';

const MAX_BYTES = ATTACHMENT_MAX_BYTES;
const KEY_PATTERN = /^task-attachments\/([0-9a-f-]{36})\/[0-9a-f-]{36}$/;
const SWEEP_BATCH = 500;

/** Where the upload link writes; recording moves the object to its final key (`filePath`). */
export function uploadKeyOf(filePath: string): string {
  return filePath.replace(/^task-attachments\//, 'task-uploads/');
}

async function requireTask(ctx: ProjectContext, taskId: string): Promise<void> {
  if (!(await tasks.projectOf(ctx.prisma, taskId))) throw new NotFoundError(PROJECT_MESSAGES.taskNotFound);
}

export async function listTaskAttachments(
  ctx: ProjectContext,
  caller: Caller,
  taskId: string,
): Promise<TaskAttachment[]> {
  requireProjectAccess(caller);
  await requireTask(ctx, taskId);
  return (await taskAttachments.ofTask(ctx.prisma, taskId)).map(toTaskAttachment);
}

export async function requestTaskUpload(
  ctx: ProjectContext,
  caller: Caller,
  taskId: string,
  request: AttachmentUploadRequest,
): Promise<AttachmentUploadResponse> {
  requireProjectAccess(caller);
  await requireTask(ctx, taskId);
  return handOutUploadLink(ctx.blobs, {
    request,
    memberId: caller.userId,
    folder: 'task-attachments',
    uploadKeyOf,
    addWithinCaps: (link, caps, now) => taskAttachmentUploads.addWithinCaps(ctx.prisma, { ...link, taskId }, caps, now),
  });
}

/** Claims the member's link for this task (once) and moves the upload to its final key. */
async function moveUploadInPlace(ctx: ProjectContext, caller: Caller, taskId: string, filePath: string) {
  return claimUploadAndMove(ctx.blobs, {
    link: await taskAttachmentUploads.find(ctx.prisma, filePath),
    belongsHere: (link) => link.uploadedBy === caller.userId && link.taskId === taskId,
    markRecorded: (now) => taskAttachmentUploads.markRecorded(ctx.prisma, filePath, caller.userId, now),
    finalKey: filePath,
  });
}

/**
 * Records an upload on the task after checking the stored bytes; a refused object is deleted and
 * the answer says why. Adding writes an audit row ('attachment_added', the file's name).
 */
export async function recordTaskAttachment(
  ctx: ProjectContext,
  caller: Caller,
  taskId: string,
  input: TaskAttachmentCreate,
): Promise<TaskAttachment> {
  requireProjectAccess(caller);
  await requireTask(ctx, taskId);
  const key = input.filePath;
  if (KEY_PATTERN.exec(key)?.[1] !== caller.userId) throw new BadRequestError(ATTACHMENT_MESSAGES.attachmentNotYours);
  const stored = await moveUploadInPlace(ctx, caller, taskId, key);
  const verdict = await vetStoredAttachment(ctx.blobs, { key, size: stored.size }, input, MAX_BYTES);
  if ('problem' in verdict) {
    await ctx.blobs.delete(key);
    throw new BadRequestError(verdict.problem);
  }
  try {
    const row = await inTransaction(ctx, async (tx) => {
      if (!(await tasks.projectOf(tx, taskId))) throw new NotFoundError(PROJECT_MESSAGES.taskNotFound);
      await tasks.lock(tx, taskId);
      const created = await taskAttachments.create(tx, {
        id: randomUUID(),
        taskId,
        fileName: sanitizeFileName(input.originalName),
        originalName: input.originalName,
        fileSize: stored.size,
        mimeType: verdict.kind.mimeType,
        type: verdict.kind.type,
        filePath: key,
        uploadedBy: caller.userId,
      });
      await audit.record(tx, taskId, caller.userId, [
        { action: 'attachment_added', fieldName: 'attachments', newValue: created.originalName },
      ]);
      return created;
    });
    return toTaskAttachment(row);
  } catch (error) {
    deleteBlobsLater(ctx, [key]);
    if (isUniqueViolation(error)) throw new ConflictError(ATTACHMENT_MESSAGES.attachmentTaken);
    throw error;
  }
}

export interface TaskAttachmentDownload {
  attachment: TaskAttachment;
  size: number;
  open(): Promise<Readable>;
}

async function requireAttachment(ctx: ProjectContext, taskId: string, id: string) {
  const row = await taskAttachments.find(ctx.prisma, taskId, id);
  if (!row) throw new NotFoundError(PROJECT_MESSAGES.attachmentNotFound);
  return row;
}

export async function downloadTaskAttachment(
  ctx: ProjectContext,
  caller: Caller,
  taskId: string,
  id: string,
): Promise<TaskAttachmentDownload> {
  requireProjectAccess(caller);
  const row = await requireAttachment(ctx, taskId, id);
  const stored = await ctx.blobs.stat(row.filePath);
  if (!stored || stored.size !== row.fileSize) {
    // Recorded objects are write-once: a missing or changed one is served as nothing.
    ctx.logger.error({ attachmentId: id, key: row.filePath }, 'a stored task attachment is missing or changed');
    throw new NotFoundError(PROJECT_MESSAGES.attachmentNotFound);
  }
  return { attachment: toTaskAttachment(row), size: stored.size, open: () => ctx.blobs.read(row.filePath) };
}

/** Any Core member or admin may remove a task's attachment (as they may edit the task); audited. */
export async function deleteTaskAttachment(
  ctx: ProjectContext,
  caller: Caller,
  taskId: string,
  id: string,
): Promise<void> {
  requireProjectAccess(caller);
  const row = await requireAttachment(ctx, taskId, id);
  await inTransaction(ctx, async (tx) => {
    await tasks.lock(tx, taskId);
    if (!(await taskAttachments.delete(tx, id))) throw new NotFoundError(PROJECT_MESSAGES.attachmentNotFound);
    await audit.record(tx, taskId, caller.userId, [
      { action: 'attachment_removed', fieldName: 'attachments', oldValue: row.originalName },
    ]);
  });
  deleteBlobsLater(ctx, [row.filePath]);
}

/** Deletes what expired upload links left behind and forgets the links; answers how many it swept. */
export async function sweepExpiredUploads(ctx: ProjectContext, now = new Date()): Promise<number> {
  const expired = await taskAttachmentUploads.expired(ctx.prisma, now, SWEEP_BATCH);
  return sweepExpiredUploadLinks(ctx.blobs, ctx.logger, expired, (filePaths) =>
    taskAttachmentUploads.deleteMany(ctx.prisma, filePaths),
  );
}

/** Removes task attachments' stored objects once their rows are gone (see the platform's deleteBlobsLater). */
export function deleteBlobsLater(ctx: ProjectContext, keys: string[]): void {
  deleteStoredObjectsLater(ctx.blobs, ctx.logger, keys);
}
