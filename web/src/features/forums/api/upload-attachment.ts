import {
  allowedAttachmentFor,
  type Attachment,
  type AttachmentCreate,
  type AttachmentUploadRequest,
  type AttachmentUploadResponse,
  forumRoutes,
} from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { putToUploadLink } from '../../../lib/file-transfer.ts';
import { DISCUSSIONS_KEY, discussionKey } from './forum-query-keys.ts';

export async function requestAttachmentUpload(request: AttachmentUploadRequest): Promise<AttachmentUploadResponse> {
  return callRoute(forumRoutes.requestUpload, { body: request });
}

/** Sends the bytes to the signed upload link (shared with task attachments). */
export const putAttachmentFile = putToUploadLink;

export async function recordAttachment(request: AttachmentCreate): Promise<Attachment> {
  return callRoute(forumRoutes.recordAttachment, { body: request });
}

export interface AttachmentUpload {
  file: File;
  /** Links the attachment to this discussion as it is recorded. */
  discussionId?: string;
  /** Links it to this reply instead (an attachment belongs to one post); discussionId then only names what to refresh. */
  replyId?: string;
}

/**
 * Ask for an upload link, PUT the file with its content type, then record it.
 * Without a discussion or reply the attachment stays the member's own until a new post links it.
 */
export async function uploadAttachment({ file, discussionId, replyId }: AttachmentUpload): Promise<Attachment> {
  const upload = await requestAttachmentUpload({
    fileName: file.name,
    mimeType: file.type || undefined,
    fileSize: file.size,
  });
  await putAttachmentFile(upload.uploadURL, upload.contentType, file);
  return recordAttachment({
    filePath: upload.filePath,
    originalName: file.name,
    fileName: upload.fileName,
    fileSize: file.size,
    mimeType: upload.contentType,
    type: allowedAttachmentFor(file.name, upload.contentType)?.type ?? 'other',
    discussionId: replyId ? null : (discussionId ?? null),
    replyId: replyId ?? null,
  });
}

/** A linked upload changes its discussion (or, for a reply, that discussion's replies). */
export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: (_attachment, { discussionId, replyId }) => {
      if (discussionId) return queryClient.invalidateQueries({ queryKey: discussionKey(discussionId) });
      if (replyId) return queryClient.invalidateQueries({ queryKey: DISCUSSIONS_KEY });
      return undefined;
    },
  });
}
