import { projectRoutes, type Project, type ProjectPatch } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { refetchProjectLists } from './project-query-keys.ts';

/** As in Plane and Vikunja, the owner or an admin renames a project. */
export const updateProject = ({ projectId, ...patch }: { projectId: string } & ProjectPatch): Promise<Project> =>
  callRoute(projectRoutes.updateProject, { params: { projectId }, body: patch });

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProject, onSettled: () => refetchProjectLists(queryClient) });
}
