import { projectRoutes, type Task, type TaskStatus } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { projectTasksKey } from './project-query-keys.ts';

/** A drag within a Kanban column sends the column's whole order; the service keeps it for everyone. */
export interface OrderBoardColumnRequest {
  projectId: string;
  status: TaskStatus;
  taskIds: string[];
}

export async function orderBoardColumn({ projectId, status, taskIds }: OrderBoardColumnRequest): Promise<void> {
  await callRoute(projectRoutes.orderBoardColumn, { params: { projectId }, body: { status, taskIds } });
}

/** The card takes its new place at once; a refused order is put back by the refetch. */
export function useOrderBoardColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderBoardColumn,
    onMutate: async ({ projectId, status, taskIds }) => {
      await queryClient.cancelQueries({ queryKey: projectTasksKey(projectId) });
      const rank = new Map(taskIds.map((id, index) => [id, index]));
      queryClient.setQueryData<Task[]>(projectTasksKey(projectId), (tasks) =>
        tasks?.map((task) => (task.status === status ? { ...task, boardRank: rank.get(task.id) ?? null } : task)),
      );
    },
    onSettled: (_data, _error, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: projectTasksKey(projectId) }),
  });
}
