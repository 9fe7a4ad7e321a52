/**
 * The project answers this page relies on (spec 3 sections 3 and 7). The project service and its
 * contracts (proto/src/contracts/project.ts) were built on another branch (project-svc) at the same
 * time; these types are the subset of its projectSchema and taskSchema the page reads, so when the
 * branches merge they can be replaced with the proto types and the routes called through callRoute.
 */

export const TASK_STATUSES = ['To Do', 'In Progress', 'Review', 'Complete'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export interface Project {
  id: string;
  title: string;
  description: string | null;
  /** Who may rename and delete it (besides admins); absent in the spec's shape. */
  ownerId?: string;
}

export interface Task {
  id: string;
  projectId: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  /** Missing counts as Medium (spec 3 section 9). */
  priority: TaskPriority | null;
  /** The legacy single assignee: always the first entry of `assignees` (the service keeps them in step). */
  assigneeId: string | null;
  assignees: string[];
  parentTaskId: string | null;
  /** Beyond the spec: the timeline's bar starts here (YYYY-MM-DD); absent or null: a marker on the due day. */
  startDate?: string | null;
  /** ISO date or date-time. */
  dueDate: string | null;
  completionPercentage: number;
  /** Ids of the tasks this one depends on. */
  prerequisites: string[];
  /** Place in its Kanban column once a member ordered it; absent or null: by priority after the placed ones. */
  boardRank?: number | null;
}

/** The task list answer may already carry assignees and prerequisites; otherwise they are read per task. */
export type TaskAnswer = Omit<Task, 'assignees' | 'prerequisites'> & {
  assignees?: string[] | { userId: string }[];
  prerequisites?: string[];
};

export interface CoreUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export interface DependencyRecord {
  dependsOnTaskId: string;
}

export interface AssigneeRecord {
  userId: string;
}

/** What the task dialogs send (POST /api/projects/{id}/tasks, PATCH /api/tasks/{id}). */
export interface TaskInput {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** Absent: the stored assignees stay as they are (the service keeps the legacy single one their first). */
  assignees?: string[];
  parentTaskId: string | null;
  startDate: string | null;
  dueDate: string | null;
  completionPercentage: number;
}
