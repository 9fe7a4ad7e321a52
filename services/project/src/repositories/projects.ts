import { randomUUID } from 'node:crypto';
import type { Project } from '@crucible/proto';
import { query, type Db } from './db.ts';

interface ProjectRow {
  id: string;
  title: string;
  description: string | null;
  owner_id: string;
  completion: number;
  task_count: number;
  assignees: string[];
  created_at: Date;
  updated_at: Date;
}

/** Completion is derived here on every read (rounded average, 0 without tasks), never stored. */
const PROJECT_SELECT = `
  SELECT p.id, p.title, p.description, p.owner_id, p.created_at, p.updated_at,
         COALESCE(ROUND(AVG(t.completion_percentage)), 0)::int AS completion,
         COUNT(t.id)::int AS task_count,
         COALESCE((SELECT array_agg(DISTINCT a.user_id::text)
                     FROM task_assignees a JOIN tasks at ON at.id = a.task_id
                    WHERE at.project_id = p.id), '{}') AS assignees
    FROM projects p LEFT JOIN tasks t ON t.project_id = p.id`;

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ownerId: row.owner_id,
    completionPercentage: row.completion,
    taskCount: row.task_count,
    assignees: row.assignees,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export const projects = {
  list: async (db: Db): Promise<Project[]> =>
    (await query<ProjectRow>(db, `${PROJECT_SELECT} GROUP BY p.id ORDER BY p.title, p.id`)).map(toProject),

  find: async (db: Db, id: string): Promise<Project | null> => {
    const [row] = await query<ProjectRow>(db, `${PROJECT_SELECT} WHERE p.id = $1::uuid GROUP BY p.id`, id);
    return row ? toProject(row) : null;
  },

  create: async (db: Db, input: { title: string; description: string | null; ownerId: string }): Promise<string> => {
    const id = randomUUID();
    await db.project.create({ data: { id, ...input } });
    return id;
  },

  update: (db: Db, id: string, changes: { title?: string; description?: string | null }) =>
    db.project.update({ where: { id }, data: { ...changes, updatedAt: new Date() } }),

  delete: (db: Db, id: string) => db.project.deleteMany({ where: { id } }),

  /**
   * Locks the project for a change to its tasks: structural checks (cycles, same project) then see
   * a graph no concurrent change can alter before commit. Null when the project does not exist.
   */
  lock: async (db: Db, id: string): Promise<{ id: string; ownerId: string } | null> => {
    const [row] = await query<{ id: string; owner_id: string }>(
      db,
      // The UPDATE takes the row lock (FOR NO KEY UPDATE, as before) and marks the task list changed.
      `UPDATE projects SET tasks_version = tasks_version + 1 WHERE id = $1::uuid RETURNING id, owner_id`,
      id,
    );
    return row ? { id: row.id, ownerId: row.owner_id } : null;
  },
};
