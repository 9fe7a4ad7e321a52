/** Query keys are URLs split into parts (web/README.md). */
export const PROJECTS_KEY = ['/api/projects'] as const;
export const projectTasksKey = (projectId: string) => [...PROJECTS_KEY, projectId, 'tasks'] as const;
export const CORE_USERS_KEY = ['/api/users', 'core'] as const;
export const userTasksKey = (userId: string) => ['/api/users', userId, 'tasks'] as const;
export const taskDependenciesKey = (taskId: string) => ['/api/tasks', taskId, 'dependencies'] as const;
export const taskAssigneesKey = (taskId: string) => ['/api/tasks', taskId, 'assignees'] as const;
export const taskAttachmentsKey = (taskId: string) => ['/api/tasks', taskId, 'attachments'] as const;
export const PROJECT_PEOPLE_KEY = [...PROJECTS_KEY, 'people'] as const;
export const taskHistoryKey = (taskId: string) => ['/api/tasks', taskId, 'audit'] as const;
export const taskCommentsKey = (taskId: string) => ['/api/tasks', taskId, 'comments'] as const;
