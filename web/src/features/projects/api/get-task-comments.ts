import { projectRoutes, type TaskComment } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { taskCommentsKey } from './project-query-keys.ts';

export const getTaskComments = (taskId: string): Promise<TaskComment[]> =>
  callRoute(projectRoutes.listTaskComments, { params: { taskId } });

export function useTaskComments(taskId: string) {
  return useQuery({ queryKey: taskCommentsKey(taskId), queryFn: () => getTaskComments(taskId) });
}
