import { z } from 'zod';
import { oneLineText } from './text.ts';
import { attachmentCreateSchema, attachmentSchema } from './forum.ts';

/** Exact texts of the project pages' validation, permissions and toasts, plus the server's own refusals. */
export const PROJECT_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 255 characters or less',
  descriptionTooLong: 'Description must be 10000 characters or less',
  invalidStatus: 'Status must be one of To Do, In Progress, Review, Complete',
  invalidPriority: 'Priority must be one of Low, Medium, High, Critical',
  completionRange: 'Completion must be between 0 and 100',
  invalidDueDate: 'Due date must be a date (YYYY-MM-DD or an ISO timestamp)',
  invalidStartDate: 'Start date must be a date (YYYY-MM-DD or an ISO timestamp)',
  /** 400 when a task would start after it is due (the timeline's bar runs from start to due). */
  startAfterDue: 'The start date must be on or before the due date',
  commentRequired: 'Comment is required',
  commentTooLong: 'Comment must be 5000 characters or less',
  /** 400: only those who may see the task can be mentioned on it. */
  mentionNotMember: 'Only Core members and admins can be mentioned on a task',
  accessDenied: 'Project management is available only to Core and Admin users.',
  accessDeniedTitle: 'Access Denied',
  projectNotFound: 'Project not found',
  taskNotFound: 'Task not found',
  userNotFound: 'User not found',
  onlyOwnerOrAdmin: 'Only the project owner or an admin can change this project',
  assigneeNotCore: 'Assignees must be Core members',
  assigneeUnavailable: 'Tasks cannot be assigned to a deactivated or suspended member',
  noCoreUsers: 'No Core users available',
  ownParent: 'A task cannot be its own parent',
  ownPrerequisite: 'A task cannot be its own prerequisite',
  parentOtherProject: 'The parent task must belong to the same project',
  prerequisiteOtherProject: 'A prerequisite must belong to the same project',
  prerequisiteRequired: 'dependsOnTaskId is required',
  /** 400 naming the tasks of the loop, in order, by title. */
  prerequisiteCycle: (titles: readonly string[]) => `This prerequisite would create a cycle: ${titles.join(' -> ')}`,
  parentCycle: (titles: readonly string[]) => `This parent would create a cycle: ${titles.join(' -> ')}`,
  // The project pages' toasts.
  unauthorizedTitle: 'Unauthorized',
  unauthorized: 'You are logged out. Logging in again...',
  createProjectFailed: 'Failed to create project',
  createTaskFailed: 'Failed to create task',
  updateTaskFailed: 'Failed to update task',
  projectCreated: 'Project created successfully',
  taskCreated: 'Task created successfully',
  taskUpdated: 'Task updated successfully',
  /** Any failed step of a task attachment's upload. */
  uploadFailed: 'Failed to upload file',
  attachmentNotFound: 'Attachment not found',
  attachmentsTitle: 'Attachments',
  noAttachments: 'No attachments yet',
  /** 400 for a Kanban order naming a task that is not in that project's column. */
  boardOrderMismatch: "Every task of a column's order must be one of that project's tasks with that status",
} as const;

export const TASK_STATUSES = ['To Do', 'In Progress', 'Review', 'Complete'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_STATUS: TaskStatus = 'To Do';
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'Medium';

/** Kanban sorts by this, descending; a missing priority counts as Medium. */
export const PRIORITY_WEIGHT: Record<TaskPriority, number> = { Low: 1, Medium: 2, High: 3, Critical: 4 };

/** The rounded average of the tasks' completion, 0 for a project without tasks. */
export function projectCompletion(taskCompletions: readonly number[]): number {
  if (taskCompletions.length === 0) return 0;
  return Math.round(taskCompletions.reduce((sum, value) => sum + value, 0) / taskCompletions.length);
}

const storableText = (max: number, tooLong: string) => z.string().max(max, tooLong);

const title = oneLineText('Title', { error: PROJECT_MESSAGES.titleRequired })
  .trim()
  .min(1, PROJECT_MESSAGES.titleRequired)
  .max(255, PROJECT_MESSAGES.titleTooLong);
const description = storableText(10_000, PROJECT_MESSAGES.descriptionTooLong).nullable().optional();
const uuid = z.uuid().transform((id) => id.toLowerCase());

/** 'none', '' and null all mean "no parent". */
const parentRef = z
  .union([z.literal('none'), z.literal(''), z.null(), uuid])
  .transform((value) => (value === 'none' || value === '' ? null : value));
/** 'unassigned', '' and null all mean "no assignee". */
const assigneeRef = z
  .union([z.literal('unassigned'), z.literal(''), z.null(), uuid])
  .transform((value) => (value === 'unassigned' || value === '' ? null : value));

/** A calendar date or an ISO timestamp; '' and null clear it. Kept as the calendar day (YYYY-MM-DD). */
const calendarDay = (invalid: string) =>
  z.union([z.literal(''), z.null(), z.string()]).transform((value, ctx) => {
    if (value === '' || value === null) return null;
    const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
    // Date.parse rolls 2026-02-31 over to March: the day must read back as itself.
    const realDay =
      day !== undefined &&
      !Number.isNaN(Date.parse(value)) &&
      !Number.isNaN(Date.parse(day)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
    if (!realDay) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return day;
  });
const dueDate = calendarDay(PROJECT_MESSAGES.invalidDueDate);
const startDate = calendarDay(PROJECT_MESSAGES.invalidStartDate);
const completion = z
  .number({ error: PROJECT_MESSAGES.completionRange })
  .int(PROJECT_MESSAGES.completionRange)
  .min(0, PROJECT_MESSAGES.completionRange)
  .max(100, PROJECT_MESSAGES.completionRange);
const status = z.enum(TASK_STATUSES, { error: PROJECT_MESSAGES.invalidStatus });
const priority = z.enum(TASK_PRIORITIES, { error: PROJECT_MESSAGES.invalidPriority });
const assigneeList = z.array(uuid).max(100);
const prerequisiteList = z.array(uuid).max(500);

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /api/projects */
export const projectCreateSchema = z.object({ title, description });
export type ProjectCreate = z.input<typeof projectCreateSchema>;

/** PATCH /api/projects/{projectId} (owner or admin) */
export const projectPatchSchema = z.object({ title: title.optional(), description });
export type ProjectPatch = z.input<typeof projectPatchSchema>;

/**
 * POST /api/projects/{projectId}/tasks. assigneeId and assignees are kept consistent by the
 * service: the single assignee is always one of the list (added when missing), and a list without
 * a single assignee makes its first member the single one. `prerequisites` is this service's
 * addition: the same ids the dependency calls add, in one transaction with the task.
 */
export const taskCreateSchema = z.object({
  title,
  description,
  status: status.default(DEFAULT_TASK_STATUS),
  priority: priority.default(DEFAULT_TASK_PRIORITY),
  assigneeId: assigneeRef.optional(),
  assignees: assigneeList.optional(),
  parentTaskId: parentRef.optional(),
  /** Optional: the timeline's bar starts here (on or before dueDate). */
  startDate: startDate.optional(),
  dueDate: dueDate.optional(),
  completionPercentage: completion.default(0),
  prerequisites: prerequisiteList.optional(),
});
export type TaskCreate = z.input<typeof taskCreateSchema>;
export type TaskCreateParsed = z.output<typeof taskCreateSchema>;

/** PATCH /api/tasks/{taskId}: only the fields sent change (a drag sends only status). */
export const taskPatchSchema = z.object({
  title: title.optional(),
  description,
  status: status.optional(),
  priority: priority.optional(),
  assigneeId: assigneeRef.optional(),
  assignees: assigneeList.optional(),
  parentTaskId: parentRef.optional(),
  startDate: startDate.optional(),
  dueDate: dueDate.optional(),
  completionPercentage: completion.optional(),
  prerequisites: prerequisiteList.optional(),
});
export type TaskPatch = z.input<typeof taskPatchSchema>;
export type TaskPatchParsed = z.output<typeof taskPatchSchema>;

/**
 * PUT /api/projects/{projectId}/board-order: a Kanban column's cards top to bottom, as the member
 * left them after a drag (without one, a column sorts by priority). The listed tasks keep
 * that order for everyone; the column's other tasks follow them by priority.
 */
export const taskBoardOrderSchema = z.object({
  status,
  taskIds: z.array(uuid).min(1).max(10_000),
});
export type TaskBoardOrder = z.input<typeof taskBoardOrderSchema>;

/**
 * POST /api/tasks/{taskId}/comments: the text and the members it mentions (picked by the page's
 * '@' list, each shown in the text as @Name). Mentioned and assigned members are notified.
 */
export const taskCommentCreateSchema = z.object({
  content: z
    .string({ error: PROJECT_MESSAGES.commentRequired })
    .trim()
    .min(1, PROJECT_MESSAGES.commentRequired)
    .max(5000, PROJECT_MESSAGES.commentTooLong),
  mentions: z.array(uuid).max(50).default([]),
});
export type TaskCommentCreate = z.input<typeof taskCommentCreateSchema>;

/** POST /api/tasks/{taskId}/dependencies */
export const taskDependencyCreateSchema = z.object({
  dependsOnTaskId: z.uuid({ error: PROJECT_MESSAGES.prerequisiteRequired }).transform((id) => id.toLowerCase()),
});
export type TaskDependencyCreate = z.input<typeof taskDependencyCreateSchema>;

/** POST /api/tasks/{taskId}/attachments/upload: the forum's flow, scoped to a task. */

// ---------------------------------------------------------------------------------------------
// Responses

const timestamp = z.string();

export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  ownerId: z.string(),
  /** Derived on every read from the tasks (never stored). */
  completionPercentage: z.number().int(),
  taskCount: z.number().int(),
  /** Every member assigned to any task of the project, each once. */
  assignees: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Project = z.infer<typeof projectSchema>;

export const taskSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  assigneeId: z.string().nullable(),
  assignees: z.array(z.string()),
  parentTaskId: z.string().nullable(),
  /** YYYY-MM-DD or null (optional; absent from answers of older builds). */
  startDate: z.string().nullable(),
  /** YYYY-MM-DD or null. */
  dueDate: z.string().nullable(),
  completionPercentage: z.number().int(),
  /** Ids of the tasks this one depends on. */
  prerequisites: z.array(z.string()),
  /** Place in its Kanban column once a member ordered the column (0 first); null: by priority after the placed ones. */
  boardRank: z.number().int().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Task = z.infer<typeof taskSchema>;

export const taskDependencySchema = z.object({
  id: z.string(),
  taskId: z.string(),
  dependsOnTaskId: z.string(),
  createdAt: timestamp,
});
export type TaskDependency = z.infer<typeof taskDependencySchema>;

export const taskAssigneeSchema = z.object({
  userId: z.string(),
  assignedAt: timestamp,
  assignedBy: z.string().nullable(),
});
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

export const taskCommentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  authorId: z.string(),
  /** The author's name as the service knows it ('Former member' once the account is gone). */
  authorName: z.string(),
  content: z.string(),
  mentions: z.array(z.string()),
  createdAt: timestamp,
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

/**
 * A name for every member any task lists as an assignee and every Core member or admin the
 * service knows, so a page never shows 'Unknown User' for someone demoted, deactivated or an admin.
 */
export const projectPersonSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
});
export type ProjectPerson = z.infer<typeof projectPersonSchema>;

export const taskAuditSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  userId: z.string(),
  action: z.string(),
  fieldName: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  createdAt: timestamp,
});
export type TaskAudit = z.infer<typeof taskAuditSchema>;

// ---------------------------------------------------------------------------------------------
// Events

/** project.task.created / assigned / status_changed / updated: the live layer notifies the assignees but the actor. */
export const taskEventPayloadSchema = z.object({
  taskId: z.string(),
  projectId: z.string(),
  title: z.string(),
  assigneeIds: z.array(z.string()),
  actorId: z.string(),
});
export type TaskEventPayload = z.infer<typeof taskEventPayloadSchema>;

/**
 * project.task.commented: the live layer tells the mentioned members ('mentioned you') and the
 * other assignees ('New comment'), never the author.
 */
export const taskCommentedPayloadSchema = z.object({
  commentId: z.string(),
  taskId: z.string(),
  projectId: z.string(),
  title: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  excerpt: z.string(),
  mentionedIds: z.array(z.string()),
  assigneeIds: z.array(z.string()),
});
export type TaskCommentedPayload = z.infer<typeof taskCommentedPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Task attachments: the forum's upload flow and schemas (POST .../upload answers the forum's
// attachmentUploadResponseSchema; the file is PUT to uploadURL; recording checks its bytes).

/** Records an upload on the task: the forum's record payload without the discussion and reply. */
export const taskAttachmentCreateSchema = attachmentCreateSchema.pick({
  filePath: true,
  originalName: true,
  mimeType: true,
});
export type TaskAttachmentCreate = z.infer<typeof taskAttachmentCreateSchema>;

/** A task's attachment: the forum's attachment record, tied to a task instead of a post. */
export const taskAttachmentSchema = attachmentSchema
  .omit({ discussionId: true, replyId: true })
  .extend({ taskId: z.string() });
export type TaskAttachment = z.infer<typeof taskAttachmentSchema>;
