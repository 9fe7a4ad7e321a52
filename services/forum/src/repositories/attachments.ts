import type { Attachment, AttachmentType } from '@crucible/proto';
import { iso, isoSql } from './sql.ts';

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
