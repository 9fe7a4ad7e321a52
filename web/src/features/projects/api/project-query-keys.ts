import { authRoutes, projectRoutes } from '@crucible/proto';
import type { QueryClient } from '@tanstack/react-query';
import { routeQueryKey } from '../../../lib/api-client.ts';

/**
 * Query keys derive from the routes (routeQueryKey): every project read (tasks, people) nests
 * under PROJECTS_KEY, every member's task list under the users resource key.
 */
export const PROJECTS_KEY = routeQueryKey(projectRoutes.listProjects);
export const projectTasksKey = (projectId: string) =>
  routeQueryKey(projectRoutes.listProjectTasks, { params: { projectId } });
export const PROJECT_PEOPLE_KEY = routeQueryKey(projectRoutes.listProjectPeople);
export const CORE_USERS_KEY = routeQueryKey(authRoutes.coreUsers);
export const userTasksKey = (userId: string) => routeQueryKey(projectRoutes.listUserTasks, { params: { userId } });
/** The users resource key (the Core list's first part): every member's task list sits under it. */
const USERS_KEY = CORE_USERS_KEY.slice(0, 1);
export const taskAttachmentsKey = (taskId: string) =>
  routeQueryKey(projectRoutes.listTaskAttachments, { params: { taskId } });
export const taskHistoryKey = (taskId: string) => routeQueryKey(projectRoutes.listTaskAudit, { params: { taskId } });
export const taskCommentsKey = (taskId: string) =>
  routeQueryKey(projectRoutes.listTaskComments, { params: { taskId } });

/** After project or task changes, the project and task lists are refetched. */
export const refetchProjectLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
    queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  ]);
