import { useMutation } from '@tanstack/react-query';
import { forumRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';

export async function deleteAttachment(id: string): Promise<void> {
  await callRoute(forumRoutes.deleteAttachment, { params: { id } });
}

/** Removes an upload that was never linked to a post, so it does not linger on the server (no cached list holds it). */
export function useDeleteAttachment() {
  return useMutation({ mutationFn: deleteAttachment });
}
