import { projectRoutes, type Task } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { userTasksKey } from './project-query-keys.ts';

/** The dashboard card's tasks: those assigned to the member, across projects. */
export const getUserTasks = (userId: string): Promise<Task[]> =>
  callRoute(projectRoutes.listUserTasks, { params: { userId } });

export function useUserTasks(userId: string | undefined) {
  return useQuery({
    queryKey: userTasksKey(userId ?? ''),
    queryFn: () => getUserTasks(userId as string),
    enabled: Boolean(userId),
  });
}
