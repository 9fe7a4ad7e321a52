import { projectRoutes, type Task, type TaskStatus } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { projectTasksKey, refetchProjectLists } from './project-query-keys.ts';

/** A drag sends only the status. */
export interface MoveTaskRequest {
  projectId: string;
  taskId: string;
  status: TaskStatus;
}

export async function moveTask({ taskId, status }: MoveTaskRequest): Promise<void> {
  await callRoute(projectRoutes.updateTask, { params: { taskId }, body: { status } });
}

/** The card lands in its column at once (a drag must feel instant); a failure puts it back on refetch. */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTask,
    onMutate: async ({ projectId, taskId, status }) => {
      await queryClient.cancelQueries({ queryKey: projectTasksKey(projectId) });
      queryClient.setQueryData<Task[]>(projectTasksKey(projectId), (tasks) =>
        tasks?.map((task) => (task.id === taskId ? { ...task, status, boardRank: null } : task)),
      );
    },
    onSettled: () => refetchProjectLists(queryClient),
  });
}
