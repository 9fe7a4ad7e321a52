import type { TaskAttachment } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/file-transfer.ts';

/** Fetched from the attachment's own link with the member's credentials, saved under its original name. */
export const downloadTaskAttachment = (attachment: TaskAttachment): Promise<void> => downloadFile(attachment);

export function useDownloadTaskAttachment() {
  return useMutation({ mutationFn: downloadTaskAttachment });
}
