import { projectRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { taskAttachmentsKey } from './project-query-keys.ts';

export interface DeleteTaskAttachmentRequest {
  taskId: string;
  attachmentId: string;
}

export const deleteTaskAttachment = ({ taskId, attachmentId }: DeleteTaskAttachmentRequest): Promise<void> =>
  callRoute(projectRoutes.deleteTaskAttachment, { params: { taskId, attachmentId } });

export function useDeleteTaskAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaskAttachment,
    onSuccess: (_nothing, { taskId }) => queryClient.invalidateQueries({ queryKey: taskAttachmentsKey(taskId) }),
  });
}
