import {
  PROJECT_MESSAGES,
  SUBJECTS,
  type Task,
  type TaskAssignee,
  type TaskAudit,
  type TaskBoardOrder,
  type TaskCreateParsed,
  type TaskDependency,
  type TaskPatchParsed,
} from '@crucible/proto';
import { BadRequestError, NotFoundError, type Caller } from '@crucible/platform';
import type { Tx } from '../repositories/db.ts';
import { projects } from '../repositories/projects.ts';
import {
  assignees as assigneeRows,
  audit,
  dependencies,
  tasks,
  type AuditEntry,
  type TaskFields,
  type TaskListJson,
} from '../repositories/tasks.ts';
import { taskAttachments } from '../repositories/attachments.ts';
import { requireProjectAccess } from './access.ts';
import { deleteBlobsLater } from './attachments.ts';
import { inTransaction, type Emit, type ProjectContext } from './context.ts';
import { assigneeRefusal } from './user-replica.ts';

const FIELDS: (keyof TaskFields)[] = [
  'title',
  'description',
  'status',
  'priority',
  'assigneeId',
  'parentTaskId',
  'startDate',
  'dueDate',
  'completionPercentage',
];

function auditValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return Array.isArray(value) ? [...(value as string[])].sort().join(',') : String(value);
}

/**
 * One assignee model: the list is the tasks' assignees, and the legacy single
 * `assigneeId` is always its first entry (task lists put it first). A list sent alone makes its
 * first entry the single one; a single assignee sent alone takes the old single one's place; sent
 * together, the single one is added to the front of the list when missing.
 */
export function reconcileAssignees(
  current: { assigneeId: string | null; assignees: string[] },
  sent: { assigneeId?: string | null; assignees?: string[] },
): { assigneeId: string | null; assignees: string[] } {
  if (sent.assignees !== undefined) {
    const list = [...new Set(sent.assignees)];
    const single = sent.assigneeId !== undefined ? sent.assigneeId : (list[0] ?? null);
    return { assigneeId: single, assignees: single && !list.includes(single) ? [single, ...list] : list };
  }
  if (sent.assigneeId !== undefined) {
    const list = current.assignees.filter((id) => id !== current.assigneeId);
    const single = sent.assigneeId;
    return { assigneeId: single, assignees: single && !list.includes(single) ? [single, ...list] : list };
  }
  return current;
}

/** A task may start on its due day but not after it (days compare as YYYY-MM-DD text). */
function checkDates(dates: { startDate: string | null; dueDate: string | null }): void {
  if (dates.startDate && dates.dueDate && dates.startDate > dates.dueDate)
    throw new BadRequestError(PROJECT_MESSAGES.startAfterDue);
}

async function requireTask(ctx: ProjectContext, db: Tx | ProjectContext['prisma'], taskId: string): Promise<Task> {
  const task = await tasks.find(db, taskId);
  if (!task) throw new NotFoundError(PROJECT_MESSAGES.taskNotFound);
  return task;
}

/** Locks the task's project, then the task (always in that order), and reads the task as it stands. */
async function lockTask(tx: Tx, taskId: string): Promise<Task> {
  const projectId = await tasks.projectOf(tx, taskId);
  if (!projectId || !(await projects.lock(tx, projectId))) throw new NotFoundError(PROJECT_MESSAGES.taskNotFound);
  await tasks.lock(tx, taskId);
  const task = await tasks.find(tx, taskId);
  if (!task) throw new NotFoundError(PROJECT_MESSAGES.taskNotFound);
  return task;
}

async function requireCoreAssignees(ctx: ProjectContext, tx: Tx, userIds: string[]): Promise<void> {
  const refusal = await assigneeRefusal(ctx, tx, userIds);
  if (refusal) throw new BadRequestError(refusal);
}

async function titlesOf(tx: Tx, ids: string[]): Promise<string[]> {
  const summaries = await tasks.summaries(tx, ids);
  return ids.map((id) => summaries.get(id)?.title ?? id);
}

/** A parent of the same project whose own chain of parents does not lead back to the task. */
async function checkParent(tx: Tx, task: { id: string | null; projectId: string }, parentId: string): Promise<void> {
  if (parentId === task.id) throw new BadRequestError(PROJECT_MESSAGES.ownParent);
  const parent = (await tasks.summaries(tx, [parentId])).get(parentId);
  if (!parent || parent.projectId !== task.projectId) throw new BadRequestError(PROJECT_MESSAGES.parentOtherProject);
  if (!task.id) return;
  const loop = await tasks.findPath(tx, 'parents', parentId, task.id);
  if (loop) throw new BadRequestError(PROJECT_MESSAGES.parentCycle(await titlesOf(tx, [task.id, ...loop])));
}

/** Adds one prerequisite after the same-project and cycle checks; answers the row and whether it is new. */
async function addPrerequisite(
  tx: Tx,
  task: { id: string; projectId: string },
  dependsOnTaskId: string,
): Promise<{ row: TaskDependency; added: boolean }> {
  if (dependsOnTaskId === task.id) throw new BadRequestError(PROJECT_MESSAGES.ownPrerequisite);
  const prerequisite = (await tasks.summaries(tx, [dependsOnTaskId])).get(dependsOnTaskId);
  if (!prerequisite || prerequisite.projectId !== task.projectId)
    throw new BadRequestError(PROJECT_MESSAGES.prerequisiteOtherProject);
  const loop = await tasks.findPath(tx, 'dependencies', dependsOnTaskId, task.id);
  if (loop) throw new BadRequestError(PROJECT_MESSAGES.prerequisiteCycle(await titlesOf(tx, [task.id, ...loop])));
  return dependencies.add(tx, task.id, dependsOnTaskId);
}

function eventOf(task: Task, actorId: string, assigneeIds: string[] = task.assignees) {
  return { taskId: task.id, projectId: task.projectId, title: task.title, assigneeIds, actorId };
}

/** The project's tasks with their assignees and prerequisites, as JSON text (the all-tasks view loads thousands). */
export async function listProjectTasks(ctx: ProjectContext, caller: Caller, projectId: string): Promise<TaskListJson> {
  requireProjectAccess(caller);
  return (await versionedTaskList(ctx, projectId)).list;
}

/**
 * The task list and its version. Building it is the service's hottest work (thousands of tasks as
 * JSON), and it changes only when a change to the project's tasks bumps the version (in the
 * transaction that locks the project): a cheap read of the version finds a list already built.
 * Instances each keep their own, and none can serve a stale one, since the version is the database's.
 */
export async function versionedTaskList(
  ctx: ProjectContext,
  projectId: string,
): Promise<{ version: string; list: TaskListJson }> {
  const version = await tasks.listVersion(ctx.pool, projectId);
  if (version === null) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
  const cached = ctx.taskLists.get(projectId);
  if (cached?.version === version) return cached;
  const built = await tasks.listByProjectJsonVersioned(ctx.pool, projectId);
  if (!built) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
  // Only ever replaced by a newer build, so two overlapping misses never put an older list back.
  const current = ctx.taskLists.get(projectId);
  if (!current || BigInt(current.version) < BigInt(built.version)) ctx.taskLists.set(projectId, built);
  return built;
}

export async function listUserTasks(ctx: ProjectContext, caller: Caller, userId: string): Promise<Task[]> {
  requireProjectAccess(caller);
  return tasks.listAssignedTo(ctx.pool, userId);
}

export async function getTask(ctx: ProjectContext, caller: Caller, taskId: string): Promise<Task> {
  requireProjectAccess(caller);
  return requireTask(ctx, ctx.prisma, taskId);
}

export async function createTask(
  ctx: ProjectContext,
  caller: Caller,
  projectId: string,
  input: TaskCreateParsed,
): Promise<Task> {
  requireProjectAccess(caller);
  return inTransaction(ctx, async (tx, emit) => {
    if (!(await projects.lock(tx, projectId))) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
    const people = reconcileAssignees({ assigneeId: null, assignees: [] }, input);
    await requireCoreAssignees(ctx, tx, people.assignees);
    const parentTaskId = input.parentTaskId ?? null;
    if (parentTaskId) await checkParent(tx, { id: null, projectId }, parentTaskId);
    const fields: TaskFields = {
      title: input.title,
      description: input.description ?? null,
      status: input.status,
      priority: input.priority,
      assigneeId: people.assigneeId,
      parentTaskId,
      startDate: input.startDate ?? null,
      dueDate: input.dueDate ?? null,
      completionPercentage: input.completionPercentage,
    };
    checkDates(fields);
    const id = await tasks.create(tx, projectId, fields);
    await assigneeRows.add(tx, id, people.assignees, caller.userId);
    for (const prerequisite of new Set(input.prerequisites ?? []))
      await addPrerequisite(tx, { id, projectId }, prerequisite);
    const task = await requireTask(ctx, tx, id);
    await audit.record(tx, id, caller.userId, [
      { action: 'created', newValue: task.title },
      ...FIELDS.filter((field) => field !== 'title' && fields[field] !== null).map((field) => ({
        action: 'created',
        fieldName: field,
        newValue: auditValue(fields[field]),
      })),
      ...(task.assignees.length
        ? [{ action: 'created', fieldName: 'assignees', newValue: auditValue(task.assignees) }]
        : []),
      ...(task.prerequisites.length
        ? [{ action: 'created', fieldName: 'prerequisites', newValue: auditValue(task.prerequisites) }]
        : []),
    ]);
    await emit(SUBJECTS.projectTaskCreated, eventOf(task, caller.userId));
    if (task.assignees.length) await emit(SUBJECTS.projectTaskAssigned, eventOf(task, caller.userId));
    return task;
  });
}

/** Emits the task events a change calls for: assigned (to the newly assigned), status_changed, updated. */
async function emitChanges(emit: Emit, before: Task, after: Task, actorId: string, changed: Set<string>) {
  const added = after.assignees.filter((id) => !before.assignees.includes(id));
  if (added.length) await emit(SUBJECTS.projectTaskAssigned, eventOf(after, actorId, added));
  if (changed.has('status')) await emit(SUBJECTS.projectTaskStatusChanged, eventOf(after, actorId));
  const other = [...changed].filter((field) => field !== 'status' && field !== 'assignees' && field !== 'assigneeId');
  if (other.length) await emit(SUBJECTS.projectTaskUpdated, eventOf(after, actorId));
}

/** Changes the fields sent; each changed field is one audit row, written under the task's lock. */
/**
 * Keeps a Kanban column's order for everyone (without one, a column sorts by priority).
 * Every listed task must be one of the project's tasks in that column: an order made from a stale
 * board (a card since moved or deleted) is refused whole rather than half applied. Not audited: a
 * card's place is the board's arrangement, not a change to the task.
 */
export async function orderBoardColumn(
  ctx: ProjectContext,
  caller: Caller,
  projectId: string,
  order: TaskBoardOrder,
): Promise<void> {
  requireProjectAccess(caller);
  const taskIds = [...new Set(order.taskIds)];
  await inTransaction(ctx, async (tx) => {
    if (!(await projects.lock(tx, projectId))) throw new NotFoundError(PROJECT_MESSAGES.projectNotFound);
    const placed = await tasks.orderColumn(tx, projectId, order.status, taskIds);
    if (placed !== taskIds.length) throw new BadRequestError(PROJECT_MESSAGES.boardOrderMismatch);
  });
}

export async function updateTask(
  ctx: ProjectContext,
  caller: Caller,
  taskId: string,
  patch: TaskPatchParsed,
): Promise<Task> {
  requireProjectAccess(caller);
  return inTransaction(ctx, async (tx, emit) => {
    const before = await lockTask(tx, taskId);
    const people = reconcileAssignees(before, patch);
    const changes: Partial<TaskFields> = {};
    const entries: AuditEntry[] = [];
    for (const field of FIELDS) {
      const value = field === 'assigneeId' ? people.assigneeId : patch[field];
      if (value === undefined || value === before[field]) continue;
      (changes as Record<string, unknown>)[field] = value;
      entries.push({
        action: 'updated',
        fieldName: field,
        oldValue: auditValue(before[field]),
        newValue: auditValue(value),
      });
    }
    checkDates({
      startDate: changes.startDate !== undefined ? changes.startDate : before.startDate,
      dueDate: changes.dueDate !== undefined ? changes.dueDate : before.dueDate,
    });
    if (changes.parentTaskId) await checkParent(tx, before, changes.parentTaskId);
    const addedPeople = people.assignees.filter((id) => !before.assignees.includes(id));
    const removedPeople = before.assignees.filter((id) => !people.assignees.includes(id));
    await requireCoreAssignees(ctx, tx, addedPeople);
    await tasks.update(tx, taskId, changes);
    const changed = new Set<string>(Object.keys(changes));
    if (addedPeople.length || removedPeople.length) {
      await assigneeRows.remove(tx, taskId, removedPeople);
      await assigneeRows.add(tx, taskId, addedPeople, caller.userId);
      entries.push({
        action: 'updated',
        fieldName: 'assignees',
        oldValue: auditValue(before.assignees),
        newValue: auditValue(people.assignees),
      });
      changed.add('assignees');
    }
    if (patch.prerequisites !== undefined) {
      const wanted = [...new Set(patch.prerequisites)];
      if (auditValue(wanted) !== auditValue(before.prerequisites)) {
        await dependencies.clear(tx, taskId);
        for (const prerequisite of wanted) await addPrerequisite(tx, before, prerequisite);
        entries.push({
          action: 'updated',
          fieldName: 'prerequisites',
          oldValue: auditValue(before.prerequisites),
          newValue: auditValue(wanted),
        });
        changed.add('prerequisites');
      }
    }
    if (entries.length === 0) return before;
    await audit.record(tx, taskId, caller.userId, entries);
    const after = await requireTask(ctx, tx, taskId);
    await emitChanges(emit, before, after, caller.userId, changed);
    return after;
  });
}

/** Deletes a task: its subtasks become top-level tasks and its dependency rows (both ways) go with it. */
export async function deleteTask(ctx: ProjectContext, caller: Caller, taskId: string): Promise<void> {
  requireProjectAccess(caller);
  const keys = await inTransaction(ctx, async (tx) => {
    const task = await lockTask(tx, taskId);
    await audit.record(tx, taskId, caller.userId, [{ action: 'deleted', oldValue: task.title }]);
    const attachmentKeys = await taskAttachments.keysOfTask(tx, taskId);
    await tasks.delete(tx, taskId);
    return attachmentKeys;
  });
  deleteBlobsLater(ctx, keys);
}

export async function listDependencies(ctx: ProjectContext, caller: Caller, taskId: string): Promise<TaskDependency[]> {
  requireProjectAccess(caller);
  await requireTask(ctx, ctx.prisma, taskId);
  return dependencies.list(ctx.prisma, taskId);
}

export async function addDependency(
  ctx: ProjectContext,
  caller: Caller,
  taskId: string,
  dependsOnTaskId: string,
): Promise<TaskDependency> {
  requireProjectAccess(caller);
  return inTransaction(ctx, async (tx, emit) => {
    const task = await lockTask(tx, taskId);
    const { row, added } = await addPrerequisite(tx, task, dependsOnTaskId);
    if (added) {
      await audit.record(tx, taskId, caller.userId, [
        {
          action: 'dependency_added',
          fieldName: 'prerequisites',
          oldValue: auditValue(task.prerequisites),
          newValue: auditValue([...task.prerequisites, dependsOnTaskId]),
        },
      ]);
      await emit(SUBJECTS.projectTaskUpdated, eventOf(task, caller.userId));
    }
    return row;
  });
}

export async function clearDependencies(ctx: ProjectContext, caller: Caller, taskId: string): Promise<void> {
  requireProjectAccess(caller);
  await inTransaction(ctx, async (tx, emit) => {
    const task = await lockTask(tx, taskId);
    if ((await dependencies.clear(tx, taskId)) === 0) return;
    await audit.record(tx, taskId, caller.userId, [
      { action: 'dependencies_cleared', fieldName: 'prerequisites', oldValue: auditValue(task.prerequisites) },
    ]);
    await emit(SUBJECTS.projectTaskUpdated, eventOf(task, caller.userId));
  });
}

export async function listAssignees(ctx: ProjectContext, caller: Caller, taskId: string): Promise<TaskAssignee[]> {
  requireProjectAccess(caller);
  const task = await requireTask(ctx, ctx.prisma, taskId);
  // In the task's own order (the single assignee first), so a page that sends the list back as it
  // loaded it leaves the single assignee where it was.
  const rows = await assigneeRows.list(ctx.prisma, taskId);
  return task.assignees.flatMap((userId) => rows.filter((row) => row.userId === userId));
}

export async function listAudit(ctx: ProjectContext, caller: Caller, taskId: string): Promise<TaskAudit[]> {
  requireProjectAccess(caller);
  const rows = await audit.list(ctx.prisma, taskId);
  if (rows.length === 0) await requireTask(ctx, ctx.prisma, taskId);
  return rows;
}
