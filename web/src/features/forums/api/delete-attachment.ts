import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';

export async function deleteAttachment(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/attachments/${encodeURIComponent(id)}`);
}

/** Removes an upload that was never linked to a post, so it does not linger on the server (no cached list holds it). */
export function useDeleteAttachment() {
  return useMutation({ mutationFn: deleteAttachment });
}
