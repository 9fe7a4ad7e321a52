import { projectRoutes, type Project, type ProjectCreate } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { refetchProjectLists } from './project-query-keys.ts';

export const createProject = (project: ProjectCreate): Promise<Project> =>
  callRoute(projectRoutes.createProject, { body: project });

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProject, onSettled: () => refetchProjectLists(queryClient) });
}
