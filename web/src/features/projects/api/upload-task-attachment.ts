import { LIMITS, PROJECT_MESSAGES, ATTACHMENT_MESSAGES, projectRoutes, type TaskAttachment } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { putToUploadLink } from '../../../lib/file-transfer.ts';
import { taskAttachmentsKey } from './project-query-keys.ts';

/**
 * The forum's flow: ask for an upload link, PUT the file with its content type,
 * then record it on the task. A failure carries the service's reason; the page titles it with the
 * 'Failed to upload file' (PROJECT_MESSAGES.uploadFailed).
 */
export async function uploadTaskAttachment({ taskId, file }: { taskId: string; file: File }): Promise<TaskAttachment> {
  if (file.size > LIMITS.forum.attachmentMaxBytes)
    throw new Error(ATTACHMENT_MESSAGES.fileTooLarge(LIMITS.forum.attachmentMaxBytes));
  const upload = await callRouteWithServerMessage(
    projectRoutes.requestTaskUpload,
    { params: { taskId }, body: { fileName: file.name, mimeType: file.type || undefined, fileSize: file.size } },
    PROJECT_MESSAGES.uploadFailed,
  );
  await putToUploadLink(upload.uploadURL, upload.contentType, file);
  return callRouteWithServerMessage(
    projectRoutes.recordTaskAttachment,
    { params: { taskId }, body: { filePath: upload.filePath, originalName: file.name, mimeType: upload.contentType } },
    PROJECT_MESSAGES.uploadFailed,
  );
}

export function useUploadTaskAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTaskAttachment,
    onSuccess: (_attachment, { taskId }) => queryClient.invalidateQueries({ queryKey: taskAttachmentsKey(taskId) }),
  });
}
