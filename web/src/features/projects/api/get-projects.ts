import { projectRoutes, type Project } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { PROJECTS_KEY } from './project-query-keys.ts';

export const getProjects = (): Promise<Project[]> => callRoute(projectRoutes.listProjects, {});

/** Asked only for permitted members. */
export function useProjects(enabled: boolean) {
  return useQuery({ queryKey: PROJECTS_KEY, queryFn: getProjects, enabled });
}
