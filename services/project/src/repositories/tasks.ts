import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Task, TaskAssignee, TaskAudit, TaskDependency, TaskPriority, TaskStatus } from '@crucible/proto';
import { query, type Db } from './db.ts';

interface TaskRow {
  id: string;
  project_id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  assignee_id: string | null;
  parent_task_id: string | null;
  start_date: string | null;
  due_date: string | null;
  completion_percentage: number;
  board_rank: number | null;
  created_at: Date;
  updated_at: Date;
  assignees: string[];
  prerequisites: string[];
}

/**
 * One statement for a page of tasks with their assignees and prerequisites: the all-tasks view
 * loads thousands at once, so the lists are aggregated per table rather than per task. The single
 * assignee heads the list (then by assignment time), so `assigneeId` is always `assignees[0]`.
 */
function taskSelect(where: string): string {
  return `
    WITH picked AS (SELECT * FROM tasks t WHERE ${where}),
    assigned AS (
      SELECT a.task_id,
             array_agg(a.user_id::text ORDER BY a.user_id = picked.assignee_id DESC, a.assigned_at, a.user_id) AS ids
        FROM task_assignees a JOIN picked ON picked.id = a.task_id GROUP BY a.task_id),
    required AS (
      SELECT d.task_id, array_agg(d.depends_on_task_id::text ORDER BY d.created_at, d.depends_on_task_id) AS ids
        FROM task_dependencies d JOIN picked ON picked.id = d.task_id GROUP BY d.task_id)
    SELECT picked.id, picked.project_id, picked.title, picked.description, picked.status::text AS status,
           picked.priority::text AS priority, picked.assignee_id, picked.parent_task_id,
           to_char(picked.start_date, 'YYYY-MM-DD') AS start_date, to_char(picked.due_date, 'YYYY-MM-DD') AS due_date, picked.completion_percentage,
           picked.board_rank, picked.created_at, picked.updated_at,
           COALESCE(assigned.ids, '{}') AS assignees, COALESCE(required.ids, '{}') AS prerequisites
      FROM picked
      LEFT JOIN assigned ON assigned.task_id = picked.id
      LEFT JOIN required ON required.task_id = picked.id
     ORDER BY picked.created_at, picked.id`;
}

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    projectId: row.project_id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    assigneeId: row.assignee_id,
    assignees: row.assignees,
    parentTaskId: row.parent_task_id,
    startDate: row.start_date,
    dueDate: row.due_date,
    completionPercentage: row.completion_percentage,
    prerequisites: row.prerequisites,
    boardRank: row.board_rank,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The fields of a task a change may set (the lists are kept in their own tables). */
export interface TaskFields {
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  assigneeId: string | null;
  parentTaskId: string | null;
  startDate: string | null;
  dueDate: string | null;
  completionPercentage: number;
}

const COLUMNS: Record<keyof TaskFields, string> = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  assigneeId: 'assignee_id',
  parentTaskId: 'parent_task_id',
  startDate: 'start_date',
  dueDate: 'due_date',
  completionPercentage: 'completion_percentage',
};
const CASTS: Record<keyof TaskFields, string> = {
  title: 'text',
  description: 'text',
  status: 'task_status',
  priority: 'task_priority',
  assigneeId: 'uuid',
  parentTaskId: 'uuid',
  startDate: 'date',
  dueDate: 'date',
  completionPercentage: 'int',
};

const ISO_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A project's tasks as the JSON text of a Task[], built by PostgreSQL: for thousands of tasks,
 * parsing rows and arrays in Node and serialising them again costs more than the query itself.
 */
function taskListJson(where: string): string {
  return `
    SELECT COALESCE(json_agg(json_build_object(
             'id', t.id, 'projectId', t.project_id, 'title', t.title, 'description', t.description,
             'status', t.status, 'priority', t.priority, 'assigneeId', t.assignee_id,
             'assignees', COALESCE(assigned.ids, '{}'), 'parentTaskId', t.parent_task_id,
             'startDate', to_char(t.start_date, 'YYYY-MM-DD'), 'dueDate', to_char(t.due_date, 'YYYY-MM-DD'), 'completionPercentage', t.completion_percentage,
             'prerequisites', COALESCE(required.ids, '{}'), 'boardRank', t.board_rank,
             'createdAt', to_char(t.created_at AT TIME ZONE 'UTC', ${ISO_TIME}),
             'updatedAt', to_char(t.updated_at AT TIME ZONE 'UTC', ${ISO_TIME})
           ) ORDER BY t.created_at, t.id), '[]')::text AS list
      FROM tasks t
      LEFT JOIN LATERAL (
        SELECT array_agg(a.user_id ORDER BY a.user_id = t.assignee_id DESC, a.assigned_at, a.user_id) AS ids
          FROM task_assignees a WHERE a.task_id = t.id
      ) assigned ON true
      LEFT JOIN LATERAL (
        SELECT array_agg(d.depends_on_task_id ORDER BY d.created_at, d.depends_on_task_id) AS ids
          FROM task_dependencies d WHERE d.task_id = t.id
      ) required ON true
     WHERE ${where}`;
}

/** JSON text of a Task[], sent as it is. */
export type TaskListJson = string & { readonly __taskListJson: true };

export const tasks = {
  /** The hot read: straight on the pool, no transaction, serialised by PostgreSQL. */
  listByProjectJson: async (pool: pg.Pool, projectId: string): Promise<TaskListJson> =>
    (await pool.query<{ list: string }>(taskListJson('t.project_id = $1::uuid'), [projectId])).rows[0]!
      .list as TaskListJson,

  /** The project's task-list version (bumped by every change to its tasks); null without the project. */
  listVersion: async (pool: pg.Pool, projectId: string): Promise<string | null> =>
    (
      await pool.query<{ version: string }>(`SELECT tasks_version::text AS version FROM projects WHERE id = $1::uuid`, [
        projectId,
      ])
    ).rows[0]?.version ?? null,

  /** The list and the version it is of, read in one statement (one snapshot); null without the project. */
  listByProjectJsonVersioned: async (
    pool: pg.Pool,
    projectId: string,
  ): Promise<{ version: string; list: TaskListJson } | null> => {
    const { rows } = await pool.query<{ version: string; list: TaskListJson }>(
      `SELECT p.tasks_version::text AS version, (${taskListJson('t.project_id = p.id')}) AS list
         FROM projects p WHERE p.id = $1::uuid`,
      [projectId],
    );
    return rows[0] ?? null;
  },

  listAssignedTo: async (pool: pg.Pool, userId: string): Promise<Task[]> =>
    (
      await pool.query<TaskRow>(
        taskSelect('EXISTS (SELECT 1 FROM task_assignees a WHERE a.task_id = t.id AND a.user_id = $1::uuid)'),
        [userId],
      )
    ).rows.map(toTask),

  find: async (db: Db, id: string): Promise<Task | null> => {
    const [row] = await query<TaskRow>(db, taskSelect('t.id = $1::uuid'), id);
    return row ? toTask(row) : null;
  },

  projectOf: async (db: Db, id: string): Promise<string | null> => {
    const [row] = await query<{ project_id: string }>(db, `SELECT project_id FROM tasks WHERE id = $1::uuid`, id);
    return row?.project_id ?? null;
  },

  /** Locks the task row, so the old values an audit row records are the ones this change replaces. */
  lock: async (db: Db, id: string): Promise<void> => {
    await query(db, `SELECT id FROM tasks WHERE id = $1::uuid FOR UPDATE`, id);
  },

  /** Ids and titles of tasks, for same-project checks and cycle messages. */
  summaries: async (db: Db, ids: string[]): Promise<Map<string, { projectId: string; title: string }>> => {
    if (ids.length === 0) return new Map();
    const rows = await query<{ id: string; project_id: string; title: string }>(
      db,
      `SELECT id, project_id, title FROM tasks WHERE id = ANY($1::uuid[])`,
      ids,
    );
    return new Map(rows.map((row) => [row.id, { projectId: row.project_id, title: row.title }]));
  },

  create: async (db: Db, projectId: string, fields: TaskFields): Promise<string> => {
    const id = randomUUID();
    await query(
      db,
      `INSERT INTO tasks (id, project_id, title, description, status, priority, assignee_id, parent_task_id, due_date,
                          completion_percentage, start_date)
       VALUES ($1::uuid, $2::uuid, $3, $4, $5::task_status, $6::task_priority, $7::uuid, $8::uuid, $9::date, $10,
               $11::date)`,
      id,
      projectId,
      fields.title,
      fields.description,
      fields.status,
      fields.priority,
      fields.assigneeId,
      fields.parentTaskId,
      fields.dueDate,
      fields.completionPercentage,
      fields.startDate,
    );
    return id;
  },

  update: async (db: Db, id: string, changes: Partial<TaskFields>): Promise<void> => {
    const entries = Object.entries(changes) as [keyof TaskFields, unknown][];
    if (entries.length === 0) return;
    const sets = entries.map(([field], index) => `${COLUMNS[field]} = $${index + 2}::${CASTS[field]}`);
    // A card moved to another column has no place there until that column is ordered again.
    if ('status' in changes) sets.push('board_rank = NULL');
    await query(
      db,
      `UPDATE tasks SET ${sets.join(', ')}, updated_at = now() WHERE id = $1::uuid`,
      id,
      ...entries.map(([, value]) => value),
    );
  },

  delete: (db: Db, id: string) => db.task.deleteMany({ where: { id } }),

  /**
   * Ranks the listed tasks 0.. in the given order and clears the rank of the column's other tasks;
   * answers how many listed tasks are in that project's column (the caller refuses a mismatch).
   */
  orderColumn: async (db: Db, projectId: string, status: TaskStatus, taskIds: string[]): Promise<number> => {
    const [row] = await query<{ placed: number }>(
      db,
      `WITH listed AS (
         SELECT id, ordinality - 1 AS rank FROM unnest($3::uuid[]) WITH ORDINALITY AS listed(id, ordinality)),
       placed AS (
         UPDATE tasks t SET board_rank = listed.rank FROM listed
          WHERE t.id = listed.id AND t.project_id = $1::uuid AND t.status = $2::task_status RETURNING t.id),
       cleared AS (
         UPDATE tasks t SET board_rank = NULL
          WHERE t.project_id = $1::uuid AND t.status = $2::task_status AND t.board_rank IS NOT NULL
            AND NOT t.id = ANY($3::uuid[]) RETURNING t.id)
       SELECT (SELECT count(*) FROM placed)::int AS placed`,
      projectId,
      status,
      taskIds,
    );
    return row?.placed ?? 0;
  },

  /**
   * The loop a new edge would close, as task ids from `from` back to itself, or null. `edges` is
   * the SQL of (child, next) pairs: prerequisites (task -> the task it depends on) or parents.
   */
  findPath: async (db: Db, edges: 'dependencies' | 'parents', from: string, to: string): Promise<string[] | null> => {
    const next =
      edges === 'dependencies'
        ? `SELECT d.depends_on_task_id AS id FROM task_dependencies d WHERE d.task_id = walk.id`
        : `SELECT t.parent_task_id AS id FROM tasks t WHERE t.id = walk.id AND t.parent_task_id IS NOT NULL`;
    const [row] = await query<{ path: string[] }>(
      db,
      `WITH RECURSIVE walk (id, path) AS (
         SELECT $1::uuid, ARRAY[$1::uuid]
         UNION ALL
         SELECT step.id, walk.path || step.id
           FROM walk CROSS JOIN LATERAL (${next}) step
          WHERE walk.id <> $2::uuid AND NOT step.id = ANY(walk.path)
       )
       SELECT path::text[] AS path FROM walk WHERE id = $2::uuid LIMIT 1`,
      from,
      to,
    );
    return row?.path ?? null;
  },
};

export const assignees = {
  list: async (db: Db, taskId: string): Promise<TaskAssignee[]> =>
    (await db.taskAssignee.findMany({ where: { taskId }, orderBy: [{ assignedAt: 'asc' }, { userId: 'asc' }] })).map(
      (row) => ({ userId: row.userId, assignedAt: row.assignedAt.toISOString(), assignedBy: row.assignedBy }),
    ),

  add: async (db: Db, taskId: string, userIds: string[], assignedBy: string): Promise<void> => {
    if (userIds.length === 0) return;
    await db.taskAssignee.createMany({
      data: userIds.map((userId) => ({ id: randomUUID(), taskId, userId, assignedBy })),
      skipDuplicates: true,
    });
  },

  remove: (db: Db, taskId: string, userIds: string[]) =>
    db.taskAssignee.deleteMany({ where: { taskId, userId: { in: userIds } } }),
};

function toDependency(row: { id: string; taskId: string; dependsOnTaskId: string; createdAt: Date }): TaskDependency {
  return {
    id: row.id,
    taskId: row.taskId,
    dependsOnTaskId: row.dependsOnTaskId,
    createdAt: row.createdAt.toISOString(),
  };
}

export const dependencies = {
  list: async (db: Db, taskId: string): Promise<TaskDependency[]> =>
    (
      await db.taskDependency.findMany({
        where: { taskId },
        orderBy: [{ createdAt: 'asc' }, { dependsOnTaskId: 'asc' }],
      })
    ).map(toDependency),

  /** Adding a prerequisite the task already has returns the existing row. */
  add: async (db: Db, taskId: string, dependsOnTaskId: string): Promise<{ row: TaskDependency; added: boolean }> => {
    const existing = await db.taskDependency.findUnique({
      where: { taskId_dependsOnTaskId: { taskId, dependsOnTaskId } },
    });
    if (existing) return { row: toDependency(existing), added: false };
    const row = await db.taskDependency.create({ data: { id: randomUUID(), taskId, dependsOnTaskId } });
    return { row: toDependency(row), added: true };
  },

  clear: async (db: Db, taskId: string): Promise<number> =>
    (await db.taskDependency.deleteMany({ where: { taskId } })).count,
};

export interface AuditEntry {
  action: string;
  fieldName?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
}

export const audit = {
  record: async (db: Db, taskId: string, userId: string, entries: AuditEntry[]): Promise<void> => {
    if (entries.length === 0) return;
    await db.taskAudit.createMany({
      data: entries.map((entry) => ({
        id: randomUUID(),
        taskId,
        userId,
        action: entry.action,
        fieldName: entry.fieldName ?? null,
        oldValue: entry.oldValue ?? null,
        newValue: entry.newValue ?? null,
      })),
    });
  },

  list: async (db: Db, taskId: string): Promise<TaskAudit[]> =>
    (await db.taskAudit.findMany({ where: { taskId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map((row) => ({
      id: row.id,
      taskId: row.taskId,
      userId: row.userId,
      action: row.action,
      fieldName: row.fieldName,
      oldValue: row.oldValue,
      newValue: row.newValue,
      createdAt: row.createdAt.toISOString(),
    })),
};
