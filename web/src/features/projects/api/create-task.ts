import { projectRoutes, type Task, type TaskCreate } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { refetchProjectLists } from './project-query-keys.ts';

export interface CreateTaskRequest {
  projectId: string;
  /**
   * The prerequisites go in the task's own request: the project service stores them in the same
   * transaction as the other fields, where one POST per prerequisite could leave a task
   * half-made when a later POST is refused (a cycle, say).
   */
  task: TaskCreate;
}

export const createTask = ({ projectId, task }: CreateTaskRequest): Promise<Task> =>
  callRoute(projectRoutes.createTask, { params: { projectId }, body: task });

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSettled: () => refetchProjectLists(queryClient) });
}
