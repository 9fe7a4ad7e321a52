import { projectRoutes, type Task } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { projectTasksKey, refetchProjectLists } from './project-query-keys.ts';

/** A Gantt bar dragged along the timeline: both days move together, in the task's one update call. */
export interface MoveTaskDatesRequest {
  projectId: string;
  taskId: string;
  startDate: string | null;
  dueDate: string;
}

export async function moveTaskDates({ taskId, startDate, dueDate }: MoveTaskDatesRequest): Promise<void> {
  await callRoute(projectRoutes.updateTask, { params: { taskId }, body: { startDate, dueDate } });
}

/** The bar stays where it was dropped; a refused move is put back by the refetch. */
export function useMoveTaskDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTaskDates,
    onMutate: async ({ projectId, taskId, startDate, dueDate }) => {
      await queryClient.cancelQueries({ queryKey: projectTasksKey(projectId) });
      queryClient.setQueryData<Task[]>(projectTasksKey(projectId), (tasks) =>
        tasks?.map((task) => (task.id === taskId ? { ...task, startDate, dueDate } : task)),
      );
    },
    onSettled: () => refetchProjectLists(queryClient),
  });
}
