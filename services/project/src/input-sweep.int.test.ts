/**
 * No input gives a 500: every route of the project contract gets NUL characters, lone surrogates,
 * non-uuid ids, very long text and wrong types in each of its inputs, sent by an admin (so the
 * deepest code paths run) against a real project with tasks.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoutes, type TaskCreate } from '@crucible/proto';
import { sweepRoutes } from '@crucible/test-kit';
import { startProjectHarness, type Member, type ProjectHarness } from './testing/project-harness.ts';

let h: ProjectHarness;
let admin: Member;

beforeAll(async () => {
  h = await startProjectHarness();
  admin = await h.member('Admin');
});
afterAll(() => h?.stop());

describe('the input sweep of the project service', () => {
  it('answers every bad input of every route with a 4xx, never a 5xx', async () => {
    const as = { token: admin.token };
    const project = await h.call(projectRoutes.createProject, { ...as, body: { title: 'Sweep' } });
    const doomed = await h.call(projectRoutes.createProject, { ...as, body: { title: 'Doomed' } });
    const taskOf = (body: TaskCreate) =>
      h.call(projectRoutes.createTask, { ...as, params: { projectId: project.id }, body });
    const first = await taskOf({ title: 'A' });
    const second = await taskOf({ title: 'B', prerequisites: [first.id] });
    const removable = await taskOf({ title: 'C' });
    const taskBody = {
      title: 'T',
      description: 'd',
      status: 'Review',
      priority: 'High',
      assigneeId: admin.id,
      assignees: [admin.id],
      parentTaskId: first.id,
      dueDate: '2026-06-01',
      completionPercentage: 40,
    };

    const { requests, findings } = await sweepRoutes(projectRoutes, {
      baseUrl: h.url,
      tokenFor: () => admin.token,
      defaultParams: { projectId: project.id, taskId: second.id, userId: admin.id, attachmentId: randomUUID() },
      samples: {
        createProject: { body: { title: 'P', description: 'd' } },
        updateProject: { body: { title: 'P2', description: null } },
        deleteProject: { params: { projectId: doomed.id } },
        createTask: { body: { ...taskBody, prerequisites: [first.id] } },
        updateTask: { body: { ...taskBody, prerequisites: [first.id] } },
        deleteTask: { params: { taskId: removable.id } },
        addTaskDependency: { body: { dependsOnTaskId: first.id } },
        requestTaskUpload: { body: { fileName: 'notes.md', mimeType: 'text/markdown', fileSize: 12 } },
        recordTaskAttachment: {
          body: { filePath: `task-attachments/${admin.id}/${randomUUID()}`, originalName: 'notes.md' },
        },
      },
    });
    expect(findings).toEqual([]);
    expect(requests).toBeGreaterThan(200);
  }, 120_000);
});
