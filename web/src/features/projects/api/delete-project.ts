import { projectRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { refetchProjectLists } from './project-query-keys.ts';

/** As in Plane and Vikunja, the owner or an admin deletes a project with its tasks. */
export const deleteProject = (projectId: string): Promise<void> =>
  callRoute(projectRoutes.deleteProject, { params: { projectId } });

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProject, onSettled: () => refetchProjectLists(queryClient) });
}
