import { projectRoutes, type ProjectPerson } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { PROJECT_PEOPLE_KEY } from './project-query-keys.ts';

/**
 * Names of every member a task lists (also those no longer Core, and admins) and of Core members:
 * the page names assignees from this, never as 'Unknown User'.
 */
export const getProjectPeople = (): Promise<ProjectPerson[]> => callRoute(projectRoutes.listProjectPeople, {});

export function useProjectPeople(enabled: boolean) {
  return useQuery({ queryKey: PROJECT_PEOPLE_KEY, queryFn: getProjectPeople, enabled, staleTime: 60_000 });
}
