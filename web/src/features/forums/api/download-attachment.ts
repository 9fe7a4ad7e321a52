import type { Attachment } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/file-transfer.ts';

export { DownloadError } from '../../../lib/file-transfer.ts';

export function downloadAttachment(attachment: Pick<Attachment, 'publicUrl' | 'originalName'>): Promise<void> {
  return downloadFile(attachment);
}

export function useDownloadAttachment() {
  return useMutation({ mutationFn: downloadAttachment });
}
