import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { PROJECTS_KEY } from './project-query-keys.ts';
import type { Project } from './types.ts';

export async function getProjects(): Promise<Project[]> {
  return (await (await apiRequest('GET', '/api/projects')).json()) as Project[];
}

/** Asked only for permitted members (spec 3 section 6). */
export function useProjects(enabled: boolean) {
  return useQuery({ queryKey: PROJECTS_KEY, queryFn: getProjects, enabled });
}
