import { projectRoutes, type Project, type Task } from '@crucible/proto';
import { useQueries } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { projectTasksKey } from './project-query-keys.ts';

/** A project's tasks, each with its assignees and prerequisites. */
export const getProjectTasks = (projectId: string): Promise<Task[]> =>
  callRoute(projectRoutes.listProjectTasks, { params: { projectId } });

/** Every project's tasks (the table's assignees and completion, and My Tasks across projects). */
export function useAllTasks(projects: Project[]) {
  return useQueries({
    queries: projects.map((project) => ({
      queryKey: projectTasksKey(project.id),
      queryFn: () => getProjectTasks(project.id),
    })),
    combine: (results) => ({
      byProject: new Map(projects.map((project, index) => [project.id, results[index]?.data ?? []])),
      isPending: results.some((result) => result.isPending),
    }),
  });
}
