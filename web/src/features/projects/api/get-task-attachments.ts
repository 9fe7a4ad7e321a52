import { projectRoutes, type TaskAttachment } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { taskAttachmentsKey } from './project-query-keys.ts';

export const getTaskAttachments = (taskId: string): Promise<TaskAttachment[]> =>
  callRoute(projectRoutes.listTaskAttachments, { params: { taskId } });

export function taskAttachmentsQuery(taskId: string) {
  return queryOptions({ queryKey: taskAttachmentsKey(taskId), queryFn: () => getTaskAttachments(taskId) });
}

export function useTaskAttachments(taskId: string) {
  return useQuery(taskAttachmentsQuery(taskId));
}
