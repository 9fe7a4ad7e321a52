import { projectRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { refetchProjectLists } from './project-query-keys.ts';

/** The project service's README says what happens to the task's subtasks and dependency rows. */
export const deleteTask = (taskId: string): Promise<void> =>
  callRoute(projectRoutes.deleteTask, { params: { taskId } });

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTask, onSettled: () => refetchProjectLists(queryClient) });
}
