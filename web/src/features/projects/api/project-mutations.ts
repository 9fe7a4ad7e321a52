import { projectRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { apiRequest } from '../../../lib/api-request.ts';
import { PROJECTS_KEY, projectTasksKey } from './project-query-keys.ts';
import type { Project, Task, TaskInput, TaskStatus } from './types.ts';

const taskUrl = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}`;

export interface ProjectFields {
  title: string;
  description: string;
}

export async function createProject(input: ProjectFields): Promise<Project> {
  return (await (await apiRequest('POST', '/api/projects', input)).json()) as Project;
}

export interface SaveTaskRequest {
  projectId: string;
  /** Absent when creating. */
  taskId?: string;
  task: TaskInput;
  /** Absent: the stored prerequisites stay as they are. */
  prerequisites?: string[];
}

/**
 * The prerequisites go in the task's own request: the project service replaces them in the same
 * transaction as the other fields, where the spec's DELETE then one POST per prerequisite could
 * leave a task half-updated when a later POST is refused (a cycle, say).
 */
export async function saveTask({ projectId, taskId, task, prerequisites }: SaveTaskRequest): Promise<{ id: string }> {
  if (taskId) {
    await apiRequest('PATCH', taskUrl(taskId), { ...task, prerequisites });
    return { id: taskId };
  }
  const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/tasks`, {
    ...task,
    prerequisites,
  });
  const created = (await response.json()) as { id?: string };
  if (!created.id) throw new Error('The created task has no id');
  return { id: created.id };
}

/** Beyond the spec (as in Plane and Vikunja): the owner or an admin renames or deletes a project. */
export async function updateProject({ projectId, title, description }: { projectId: string } & ProjectFields) {
  return (await (
    await apiRequest('PATCH', `/api/projects/${encodeURIComponent(projectId)}`, { title, description })
  ).json()) as Project;
}

export async function deleteProject(projectId: string): Promise<void> {
  await apiRequest('DELETE', `/api/projects/${encodeURIComponent(projectId)}`);
}

/** The project service's README says what happens to the task's subtasks and dependency rows. */
export async function deleteTask(taskId: string): Promise<void> {
  await apiRequest('DELETE', taskUrl(taskId));
}

/** A drag sends only the status. */
export interface MoveTaskRequest {
  projectId: string;
  taskId: string;
  status: TaskStatus;
}

export async function moveTask({ taskId, status }: MoveTaskRequest): Promise<void> {
  await apiRequest('PATCH', taskUrl(taskId), { status });
}

/** A drag within a Kanban column sends the column's whole order; the service keeps it for everyone. */
export interface OrderColumnRequest {
  projectId: string;
  status: TaskStatus;
  taskIds: string[];
}

export async function orderColumn({ projectId, status, taskIds }: OrderColumnRequest): Promise<void> {
  await apiRequest('PUT', `/api/projects/${encodeURIComponent(projectId)}/board-order`, { status, taskIds });
}

/** After project or task changes, the project and task lists are refetched (spec 3 section 4). */
function useRefetchingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/users'] }),
      ]),
  });
}

export const useCreateProject = () => useRefetchingMutation(createProject);
export const useUpdateProject = () => useRefetchingMutation(updateProject);
export const useDeleteProject = () => useRefetchingMutation(deleteProject);
export const useDeleteTask = () => useRefetchingMutation(deleteTask);
export const useSaveTask = () => useRefetchingMutation(saveTask);

/** The card takes its new place at once; a refused order is put back by the refetch. */
export function useOrderColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderColumn,
    onMutate: async ({ projectId, status, taskIds }) => {
      await queryClient.cancelQueries({ queryKey: projectTasksKey(projectId) });
      const rank = new Map(taskIds.map((id, index) => [id, index]));
      queryClient.setQueryData<Task[]>(projectTasksKey(projectId), (tasks) =>
        tasks?.map((task) => (task.status === status ? { ...task, boardRank: rank.get(task.id) ?? null } : task)),
      );
    },
    onSettled: (_data, _error, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: projectTasksKey(projectId) }),
  });
}

/** The card lands in its column at once (a drag must feel instant); a failure puts it back on refetch. */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTask,
    onMutate: async ({ projectId, taskId, status }) => {
      await queryClient.cancelQueries({ queryKey: projectTasksKey(projectId) });
      queryClient.setQueryData<Task[]>(projectTasksKey(projectId), (tasks) =>
        tasks?.map((task) => (task.id === taskId ? { ...task, status, boardRank: null } : task)),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/users'] }),
      ]),
  });
}

/** A Gantt bar dragged along the timeline: both days move together, in the task's one update call. */
export interface MoveTaskDatesRequest {
  projectId: string;
  taskId: string;
  startDate: string | null;
  dueDate: string;
}

export async function moveTaskDates({ taskId, startDate, dueDate }: MoveTaskDatesRequest): Promise<void> {
  await callRoute(projectRoutes.updateTask, { params: { taskId }, body: { startDate, dueDate } });
}

/** The bar stays where it was dropped; a refused move is put back by the refetch. */
export function useMoveTaskDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTaskDates,
    onMutate: async ({ projectId, taskId, startDate, dueDate }) => {
      await queryClient.cancelQueries({ queryKey: projectTasksKey(projectId) });
      queryClient.setQueryData<Task[]>(projectTasksKey(projectId), (tasks) =>
        tasks?.map((task) => (task.id === taskId ? { ...task, startDate, dueDate } : task)),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/users'] }),
      ]),
  });
}
