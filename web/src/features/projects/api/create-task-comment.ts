import { projectRoutes, type TaskComment, type TaskCommentCreate } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { taskCommentsKey } from './project-query-keys.ts';

/** Posts a comment; the members it mentions and the task's assignees are notified by the service. */
export const createTaskComment = ({ taskId, ...body }: TaskCommentCreate & { taskId: string }): Promise<TaskComment> =>
  callRoute(projectRoutes.createTaskComment, { params: { taskId }, body });

export function useCreateTaskComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaskComment,
    onSettled: (_data, _error, { taskId }) => queryClient.invalidateQueries({ queryKey: taskCommentsKey(taskId) }),
  });
}
