import type { Attachment, AttachmentType } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';
import { iso, isoSql } from './sql.ts';

type NewAttachmentUpload = Prisma.AttachmentUploadUncheckedCreateInput & { declaredBytes: number; uploadedBy: string };

/** An attachment as SQL builds it inside json_agg, so a page and its files come in one query. */
export interface AttachmentJson {
  id: string;
  fileName: string;
  originalName: string;
  fileSize: number;
  mimeType: string;
  type: AttachmentType;
  filePath: string;
  publicUrl: string;
  discussionId: string | null;
  replyId: string | null;
  uploadedBy: string;
  createdAt: string | Date;
}

export function attachmentJsonSql(alias: string): string {
  return `json_build_object('id', ${alias}.id, 'fileName', ${alias}.file_name, 'originalName', ${alias}.original_name,
    'fileSize', ${alias}.file_size, 'mimeType', ${alias}.mime_type, 'type', ${alias}.type, 'filePath', ${alias}.file_path,
    'publicUrl', ${alias}.public_url, 'discussionId', ${alias}.discussion_id, 'replyId', ${alias}.reply_id,
    'uploadedBy', ${alias}.uploaded_by, 'createdAt', ${isoSql(`${alias}.created_at`)})`;
}

export function toAttachment(row: AttachmentJson): Attachment {
  return { ...row, createdAt: iso(row.createdAt) };
}

/** The download link: same origin, access checked on every request. */
export function attachmentDownloadPath(id: string): string {
  return `/api/attachments/${id}/download`;
}

export const attachmentRepository = {
  async isRecorded(db: Db, filePath: string): Promise<boolean> {
    return (await db.attachment.findUnique({ where: { filePath }, select: { id: true } })) !== null;
  },
  create: (db: Db, data: Prisma.AttachmentUncheckedCreateInput) => db.attachment.create({ data }),
  findById: (db: Db, id: string) => db.attachment.findUnique({ where: { id } }),
  ofDiscussion: (db: Db, discussionId: string) =>
    db.attachment.findMany({ where: { discussionId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),

  /** Links those of `ids` that `uploadedBy` uploaded and nothing links yet; answers how many it linked. */
  async linkUnlinked(
    db: Db,
    uploadedBy: string,
    ids: string[],
    target: { discussionId: string } | { replyId: string },
  ): Promise<number> {
    return (
      await db.attachment.updateMany({
        where: { id: { in: ids }, uploadedBy, discussionId: null, replyId: null },
        data: target,
      })
    ).count;
  },
  countUploadedBy: (db: Db, uploadedBy: string, ids: string[]) =>
    db.attachment.count({ where: { id: { in: ids }, uploadedBy } }),
  async delete(db: Db, id: string): Promise<void> {
    await db.attachment.deleteMany({ where: { id } });
  },

  async keysOfReply(db: Db, replyId: string): Promise<string[]> {
    return (await db.attachment.findMany({ where: { replyId }, select: { filePath: true } })).map(
      (row) => row.filePath,
    );
  },

  /** The stored files of a discussion and of its replies. */
  /** A deleted reply's files go (its row stays as a placeholder, so the cascade does not take them). */
  deleteOfReply: (db: Db, replyId: string) => db.attachment.deleteMany({ where: { replyId } }),

  async keysOfDiscussion(db: Db, discussionId: string): Promise<string[]> {
    const rows = await db.$queryRaw<{ file_path: string }[]>`
      SELECT file_path FROM attachments WHERE discussion_id = ${discussionId}::uuid
      UNION ALL
      SELECT t.file_path FROM attachments t JOIN replies r ON r.id = t.reply_id WHERE r.discussion_id = ${discussionId}::uuid`;
    return rows.map((row) => row.file_path);
  },
};

export interface PendingUploadTotals {
  count: number;
  bytes: number;
}

/** The upload links handed out (see the attachment_uploads migration for their life). */
export const attachmentUploads = {
  /**
   * Adds a link unless the member's unexpired, unrecorded links would then pass `caps`; answers
   * the totals before the add either way. A per-member lock makes the check and the add one step,
   * so parallel requests cannot all slip under the caps.
   */
  addWithinCaps: (prisma: PrismaClient, upload: NewAttachmentUpload, caps: PendingUploadTotals, now: Date) =>
    prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`attachment-uploads:${upload.uploadedBy}`}, 0))`;
      const totals = await tx.attachmentUpload.aggregate({
        where: { uploadedBy: upload.uploadedBy, recordedAt: null, expiresAt: { gt: now } },
        _count: { _all: true },
        _sum: { declaredBytes: true },
      });
      const pending = { count: totals._count._all, bytes: totals._sum.declaredBytes ?? 0 };
      const fits = pending.count + 1 <= caps.count && pending.bytes + upload.declaredBytes <= caps.bytes;
      if (fits) await tx.attachmentUpload.create({ data: upload });
      return { added: fits, pending };
    }),
  find: (db: Db, filePath: string) => db.attachmentUpload.findUnique({ where: { filePath } }),
  /** Claims the link for one record; false when another record already claimed it. */
  markRecorded: async (db: Db, filePath: string, uploadedBy: string, now: Date): Promise<boolean> =>
    (
      await db.attachmentUpload.updateMany({
        where: { filePath, uploadedBy, recordedAt: null },
        data: { recordedAt: now },
      })
    ).count === 1,
  expired: (db: Db, now: Date, limit: number) =>
    db.attachmentUpload.findMany({
      where: { expiresAt: { lte: now } },
      orderBy: { expiresAt: 'asc' },
      take: limit,
      select: { filePath: true, uploadKey: true },
    }),
  deleteMany: (db: Db, filePaths: string[]) =>
    db.attachmentUpload.deleteMany({ where: { filePath: { in: filePaths } } }),
};
