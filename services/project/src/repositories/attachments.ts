import type { TaskAttachment } from '@crucible/proto';
import type { Prisma, PrismaClient, TaskAttachment as TaskAttachmentRow } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

/** The download link: same origin, access checked on every request. */
export function taskAttachmentDownloadPath(taskId: string, id: string): string {
  return `/api/tasks/${taskId}/attachments/${id}/download`;
}

export function toTaskAttachment(row: TaskAttachmentRow): TaskAttachment {
  return {
    id: row.id,
    taskId: row.taskId,
    fileName: row.fileName,
    originalName: row.originalName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    type: row.type,
    filePath: row.filePath,
    publicUrl: taskAttachmentDownloadPath(row.taskId, row.id),
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export const taskAttachments = {
  create: (db: Db, data: Prisma.TaskAttachmentUncheckedCreateInput) => db.taskAttachment.create({ data }),
  find: (db: Db, taskId: string, id: string) => db.taskAttachment.findFirst({ where: { id, taskId } }),
  ofTask: (db: Db, taskId: string) =>
    db.taskAttachment.findMany({ where: { taskId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  delete: async (db: Db, id: string): Promise<boolean> =>
    (await db.taskAttachment.deleteMany({ where: { id } })).count === 1,
  /** The stored files of a task, or of every task of a project (read before they are deleted). */
  keysOfTask: async (db: Db, taskId: string): Promise<string[]> =>
    (await db.taskAttachment.findMany({ where: { taskId }, select: { filePath: true } })).map((row) => row.filePath),
  keysOfProject: async (db: Db, projectId: string): Promise<string[]> =>
    (await db.taskAttachment.findMany({ where: { task: { projectId } }, select: { filePath: true } })).map(
      (row) => row.filePath,
    ),
};

export interface PendingUploadTotals {
  count: number;
  bytes: number;
}

type NewUpload = Prisma.TaskAttachmentUploadUncheckedCreateInput;

/** The upload links handed out (see the task-attachments migration for their life). */
export const taskAttachmentUploads = {
  /**
   * Adds a link unless the member's unexpired, unrecorded links would then pass `caps`; answers the
   * totals before the add either way. A per-member lock makes the check and the add one step.
   */
  addWithinCaps: (prisma: PrismaClient, upload: NewUpload, caps: PendingUploadTotals, now: Date) =>
    prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`task-attachment-uploads:${upload.uploadedBy}`}, 0))`;
      const totals = await tx.taskAttachmentUpload.aggregate({
        where: { uploadedBy: upload.uploadedBy, recordedAt: null, expiresAt: { gt: now } },
        _count: { _all: true },
        _sum: { declaredBytes: true },
      });
      const pending = { count: totals._count._all, bytes: totals._sum.declaredBytes ?? 0 };
      const fits = pending.count + 1 <= caps.count && pending.bytes + upload.declaredBytes <= caps.bytes;
      if (fits) await tx.taskAttachmentUpload.create({ data: upload });
      return { added: fits, pending };
    }),
  find: (db: Db, filePath: string) => db.taskAttachmentUpload.findUnique({ where: { filePath } }),
  /** Claims the link for one record; false when another record already claimed it. */
  markRecorded: async (db: Db, filePath: string, uploadedBy: string, now: Date): Promise<boolean> =>
    (
      await db.taskAttachmentUpload.updateMany({
        where: { filePath, uploadedBy, recordedAt: null },
        data: { recordedAt: now },
      })
    ).count === 1,
  expired: (db: Db, now: Date, limit: number) =>
    db.taskAttachmentUpload.findMany({
      where: { expiresAt: { lte: now } },
      orderBy: { expiresAt: 'asc' },
      take: limit,
      select: { filePath: true, uploadKey: true },
    }),
  deleteMany: (db: Db, filePaths: string[]) =>
    db.taskAttachmentUpload.deleteMany({ where: { filePath: { in: filePaths } } }),
};
