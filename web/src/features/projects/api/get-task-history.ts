import { projectRoutes, type TaskAudit } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { taskHistoryKey } from './project-query-keys.ts';

/** The task's history as the service records it (one row per changed field), oldest first. */
export const getTaskHistory = (taskId: string): Promise<TaskAudit[]> =>
  callRoute(projectRoutes.listTaskAudit, { params: { taskId } });

export function useTaskHistory(taskId: string) {
  return useQuery({ queryKey: taskHistoryKey(taskId), queryFn: () => getTaskHistory(taskId) });
}
