import { projectRoutes, type Task, type TaskPatch } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { refetchProjectLists } from './project-query-keys.ts';

export interface UpdateTaskRequest {
  taskId: string;
  /**
   * Only the fields sent change. The prerequisites go in the task's own request: the project
   * service replaces them in the same transaction as the other fields, where a DELETE then
   * one POST per prerequisite could leave a task half-updated when a later POST is refused.
   */
  task: TaskPatch;
}

export const updateTask = ({ taskId, task }: UpdateTaskRequest): Promise<Task> =>
  callRoute(projectRoutes.updateTask, { params: { taskId }, body: task });

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTask, onSettled: () => refetchProjectLists(queryClient) });
}
