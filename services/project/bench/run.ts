/**
 * `npm run bench -w services/project`: a project of BENCH_TASKS (5,000) tasks and BENCH_DEPENDENCIES
 * (10,000) prerequisites, with one or two Core assignees each, then its task list (with assignees
 * and prerequisites, as the all-tasks view loads it) requested BENCH_REQUESTS (200) times in a row
 * over HTTP with a real token. The service runs in-process against the PostgreSQL and NATS of the
 * environment in a database and namespace of its own (the integration harness), so nothing meets
 * other runs. Figures are printed against the target (p95 under 40 ms), not asserted.
 * The Kanban's render and drag budgets are measured in Chromium by the web's e2e benchmark.
 */
import { performance } from 'node:perf_hooks';
import type { Project, Task } from '@crucible/proto';
import { createReport, percentiles } from '@crucible/bench-kit';
import { tasks } from '../src/repositories/tasks.ts';
import { seedTasks } from './seed.ts';
import { startProjectHarness } from '../src/testing/project-harness.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 5_000);
const DEPENDENCIES = Number(process.env.BENCH_DEPENDENCIES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TARGET_P95_MS = 40;

const report = createReport('project bench');
const harness = await startProjectHarness();
try {
  const viewer = await harness.member('Core');
  const people = await Promise.all(Array.from({ length: 20 }, () => harness.member('Core')));
  const project = await harness.call<Project>('/api/projects', {
    token: viewer.token,
    json: { title: 'Benchmark' },
    expect: 201,
  });

  const seedStart = performance.now();
  await seedTasks(
    (text, values) => harness.sql(text, values),
    project.id,
    people.map((member) => member.id),
    {
      tasks: TASKS,
      dependencies: DEPENDENCIES,
    },
  );
  const [counts] = await harness.sql<{ tasks: number; dependencies: number; assignees: number }>(
    `SELECT (SELECT count(*)::int FROM tasks) AS tasks, (SELECT count(*)::int FROM task_dependencies) AS dependencies,
            (SELECT count(*)::int FROM task_assignees) AS assignees`,
  );
  console.log(
    `seeded ${counts!.tasks} tasks, ${counts!.dependencies} dependencies, ${counts!.assignees} assignees in ${(
      (performance.now() - seedStart) /
      1000
    ).toFixed(1)} s`,
  );

  const path = `/api/projects/${project.id}/tasks`;
  const first = await harness.call<Task[]>(path, { token: viewer.token });
  if (first.length !== counts!.tasks) throw new Error(`the list answered ${first.length} tasks`);
  for (let warm = 0; warm < 10; warm += 1) await harness.call(path, { token: viewer.token });

  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    const response = await harness.request(path, { token: viewer.token });
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`the list answered ${response.status}`);
    bytes = body.byteLength;
  }
  const { p50, p95, max } = percentiles(times);
  report.figure(`task list of ${first.length} tasks, ${REQUESTS} requests in a row, p95`, p95, 'ms', {
    target: { below: TARGET_P95_MS },
    note: `p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms, ${(bytes / 1024).toFixed(0)} KiB`,
  });

  // The requests above find the list built at the project's version; the first read after a change
  // builds it again with this query (on the service's pool, without HTTP).
  const sqlTimes: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    await tasks.listByProjectJson(harness.service.context.pool, project.id);
    sqlTimes.push(performance.now() - started);
  }
  const building = percentiles(sqlTimes);
  report.figure(
    'building the list (the query alone: what the first read after a change costs), p95',
    building.p95,
    'ms',
    {
      note: `p50 ${building.p50.toFixed(1)} ms`,
    },
  );
  report.print();
} finally {
  await harness.stop();
}
