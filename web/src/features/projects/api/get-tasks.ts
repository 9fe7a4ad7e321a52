import { useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { projectTasksKey, userTasksKey } from './project-query-keys.ts';
import type { AssigneeRecord, DependencyRecord, Project, Task, TaskAnswer } from './types.ts';

async function getJson<T>(url: string): Promise<T> {
  return (await (await apiRequest('GET', url)).json()) as T;
}

/**
 * Per-task reads of the edit dialog: null when the read failed. The dialog then opens with an
 * empty list (spec 3 section 8) but says so and leaves the stored list alone unless it is changed.
 */
export async function getTaskPrerequisites(taskId: string): Promise<string[] | null> {
  try {
    const records = await getJson<DependencyRecord[]>(`/api/tasks/${encodeURIComponent(taskId)}/dependencies`);
    return records.map((record) => record.dependsOnTaskId);
  } catch {
    return null;
  }
}

export async function getTaskAssignees(taskId: string): Promise<string[] | null> {
  try {
    const records = await getJson<AssigneeRecord[]>(`/api/tasks/${encodeURIComponent(taskId)}/assignees`);
    return records.map((record) => record.userId);
  } catch {
    return null;
  }
}

const assigneeIds = (assignees: TaskAnswer['assignees']): string[] | undefined =>
  assignees?.map((entry) => (typeof entry === 'string' ? entry : entry.userId));

/**
 * A task list answer carrying assignees and prerequisites is used as is; otherwise each task's are
 * read, as the spec's all-tasks view does (empty lists on a per-task failure).
 */
async function completeTask(answer: TaskAnswer, projectId: string): Promise<Task> {
  const known = assigneeIds(answer.assignees);
  const [assignees, prerequisites] = await Promise.all([
    known ?? getTaskAssignees(answer.id).then((ids) => ids ?? []),
    answer.prerequisites ?? getTaskPrerequisites(answer.id).then((ids) => ids ?? []),
  ]);
  return {
    ...answer,
    projectId: answer.projectId ?? projectId,
    priority: answer.priority ?? null,
    completionPercentage: answer.completionPercentage ?? 0,
    assignees,
    prerequisites,
  };
}

export async function getProjectTasks(projectId: string): Promise<Task[]> {
  const answers = await getJson<TaskAnswer[]>(`/api/projects/${encodeURIComponent(projectId)}/tasks`);
  return Promise.all(answers.map((answer) => completeTask(answer, projectId)));
}

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

/** GET /api/users/{userId}/tasks: the dashboard card's tasks assigned to the member. */
export async function getUserTasks(userId: string): Promise<Task[]> {
  const answers = await getJson<TaskAnswer[]>(`/api/users/${encodeURIComponent(userId)}/tasks`);
  return answers.map((answer) => ({
    ...answer,
    priority: answer.priority ?? null,
    assignees: assigneeIds(answer.assignees) ?? [],
    prerequisites: answer.prerequisites ?? [],
  }));
}

export function useUserTasks(userId: string | undefined) {
  return useQuery({
    queryKey: userTasksKey(userId ?? ''),
    queryFn: () => getUserTasks(userId as string),
    enabled: Boolean(userId),
  });
}
