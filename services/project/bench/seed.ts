/**
 * The benchmark project: `tasks` tasks spread over the four columns and priorities (two thirds with a
 * due date around today), one or two of `assigneeIds` on each, and `dependencies` prerequisites, each
 * on an earlier task so the graph has no cycle. Shared by the service's benchmark and the Kanban's
 * Chromium benchmark (web/e2e/kanban.bench.ts); `sql` runs with the project schema on its path.
 */
export type SeedSql = (text: string, values?: unknown[]) => Promise<unknown>;

export async function seedTasks(
  sql: SeedSql,
  projectId: string,
  assigneeIds: string[],
  counts: { tasks: number; dependencies: number },
): Promise<void> {
  await sql(
    `INSERT INTO tasks (id, project_id, title, description, status, priority, due_date, completion_percentage, created_at)
     SELECT gen_random_uuid(), $1::uuid, 'Task ' || n, 'Seeded task ' || n,
            (ARRAY['To Do','In Progress','Review','Complete'])[1 + n % 4]::task_status,
            (ARRAY['Low','Medium','High','Critical'])[1 + n % 4]::task_priority,
            CASE WHEN n % 3 = 0 THEN NULL ELSE current_date + (n % 60 - 10) END,
            (n * 5) % 105, now() + n * interval '1 millisecond'
       FROM generate_series(1, $2::int) AS n`,
    [projectId, counts.tasks],
  );
  await sql(
    `WITH numbered AS (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM tasks WHERE project_id = $1::uuid),
          people AS (SELECT unnest($2::uuid[]) AS user_id, generate_subscripts($2::uuid[], 1) AS k),
          size AS (SELECT array_length($2::uuid[], 1) AS m)
     INSERT INTO task_assignees (id, task_id, user_id)
     SELECT DISTINCT ON (numbered.id, people.user_id) gen_random_uuid(), numbered.id, people.user_id
       FROM numbered CROSS JOIN size JOIN people
         ON people.k = 1 + numbered.n % size.m OR (numbered.n % 2 = 0 AND people.k = 1 + (numbered.n + 7) % size.m)`,
    [projectId, assigneeIds],
  );
  await sql(
    `UPDATE tasks t SET assignee_id = a.user_id FROM task_assignees a WHERE a.task_id = t.id AND t.project_id = $1::uuid`,
    [projectId],
  );
  await sql(
    `WITH numbered AS (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM tasks WHERE project_id = $1::uuid),
          edges AS (
            SELECT DISTINCT later.id AS task_id, earlier.id AS depends_on
              FROM numbered later
              CROSS JOIN LATERAL generate_series(1, 3) AS k
              JOIN numbered earlier ON earlier.n = greatest(1, later.n - (k * 37 + later.n) % least(later.n, 500))
             WHERE later.n > 1 AND earlier.n < later.n)
     INSERT INTO task_dependencies (id, task_id, depends_on_task_id)
     SELECT gen_random_uuid(), task_id, depends_on FROM edges LIMIT $2::int`,
    [projectId, counts.dependencies],
  );
  await sql('ANALYZE');
}
