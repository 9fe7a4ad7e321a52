import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROJECT_MESSAGES,
  SUBJECTS,
  projectRoutes as routes,
  type Task,
  type TaskCommentedPayload,
  type TaskCreate,
} from '@crucible/proto';
import { startProjectHarness, type Member, type ProjectHarness } from './testing/project-harness.ts';

let h: ProjectHarness;
let core: Member;
let otherCore: Member;
let admin: Member;

beforeAll(async () => {
  h = await startProjectHarness();
  [core, otherCore, admin] = await Promise.all([h.member('Core'), h.member('Core'), h.member('Admin')]);
});
afterAll(() => h?.stop());

const project = () =>
  h.call(routes.createProject, { body: { title: 'Timeline', description: 'd' }, token: core.token });

const task = (projectId: string, body: Partial<TaskCreate> = {}) =>
  h.call(routes.createTask, {
    params: { projectId },
    body: { title: `Task ${randomUUID().slice(0, 6)}`, ...body },
    token: core.token,
  });

async function refusal(response: Response, status = 400): Promise<string> {
  expect(response.status).toBe(status);
  return ((await response.json()) as { message: string }).message;
}

describe('start dates', () => {
  it('keeps an optional start day and lists it; a task without one still works', async () => {
    const p = await project();
    const dated = await task(p.id, { startDate: '2026-03-02', dueDate: '2026-03-09' });
    const plain = await task(p.id, { dueDate: '2026-03-09' });
    expect([dated.startDate, dated.dueDate]).toEqual(['2026-03-02', '2026-03-09']);
    expect(plain.startDate).toBeNull();
    const listed = await h.call(routes.listProjectTasks, { params: { projectId: p.id }, token: core.token });
    expect(listed.map((t) => [t.id, t.startDate])).toEqual([
      [dated.id, '2026-03-02'],
      [plain.id, null],
    ]);
    // A bar dragged along the timeline moves both days in one call.
    const moved = await h.call(routes.updateTask, {
      params: { taskId: dated.id },
      body: { startDate: '2026-03-05', dueDate: '2026-03-12' },
      token: core.token,
    });
    expect([moved.startDate, moved.dueDate]).toEqual(['2026-03-05', '2026-03-12']);
  });

  it('refuses a start after the due day with a 400 that says so, on create and on every kind of change', async () => {
    const p = await project();
    const created = await h.request(`/api/projects/${p.id}/tasks`, {
      token: core.token,
      json: { title: 'Backwards', startDate: '2026-03-10', dueDate: '2026-03-09' },
    });
    expect(await refusal(created)).toBe(PROJECT_MESSAGES.startAfterDue);

    const t = await task(p.id, { startDate: '2026-03-02', dueDate: '2026-03-09' });
    const change = (json: unknown) => h.request(`/api/tasks/${t.id}`, { method: 'PATCH', token: core.token, json });
    expect(await refusal(await change({ startDate: '2026-03-10' }))).toBe(PROJECT_MESSAGES.startAfterDue);
    expect(await refusal(await change({ dueDate: '2026-03-01' }))).toBe(PROJECT_MESSAGES.startAfterDue);
    expect(await refusal(await change({ startDate: '2026-02-31' }))).toBe(PROJECT_MESSAGES.invalidStartDate);
    const unchanged = await h.call(routes.getTask, { params: { taskId: t.id }, token: core.token });
    expect([unchanged.startDate, unchanged.dueDate]).toEqual(['2026-03-02', '2026-03-09']);

    // Starting on the due day is fine; clearing the due day leaves the start alone.
    expect((await change({ startDate: '2026-03-09' })).status).toBe(200);
    const cleared = (await (await change({ dueDate: null })).json()) as Task;
    expect([cleared.startDate, cleared.dueDate]).toEqual(['2026-03-09', null]);
  });
});

describe('comments', () => {
  it('are for Core members and admins only, like every project call', async () => {
    const p = await project();
    const t = await task(p.id);
    const master = await h.member('Master');
    for (const response of [
      await h.request(`/api/tasks/${t.id}/comments`, { token: master.token }),
      await h.request(`/api/tasks/${t.id}/comments`, { token: master.token, json: { content: 'hi' } }),
    ])
      expect(await refusal(response, 403)).toBe(PROJECT_MESSAGES.accessDenied);
    const byAdmin = await h.request(`/api/tasks/${t.id}/comments`, { token: admin.token, json: { content: 'ok' } });
    expect(byAdmin.status).toBe(201);
  });

  it('refuses empty text, a missing task, and a mention of someone who cannot open projects', async () => {
    const p = await project();
    const t = await task(p.id);
    const master = await h.member('Master');
    const post = (taskId: string, json: unknown) =>
      h.request(`/api/tasks/${taskId}/comments`, { token: core.token, json });
    expect(await refusal(await post(t.id, { content: '   ' }))).toBe(PROJECT_MESSAGES.commentRequired);
    expect(await refusal(await post(randomUUID(), { content: 'x' }), 404)).toBe(PROJECT_MESSAGES.taskNotFound);
    expect(await refusal(await post(t.id, { content: '@Master hi', mentions: [master.id] }))).toBe(
      PROJECT_MESSAGES.mentionNotMember,
    );
    expect(await refusal(await post(t.id, { content: 'x', mentions: [randomUUID()] }))).toBe(
      PROJECT_MESSAGES.mentionNotMember,
    );
    expect(await h.call(routes.listTaskComments, { params: { taskId: t.id }, token: core.token })).toEqual([]);
  });

  it('stores a comment with its author and tells the mentioned and the assignees (never the author)', async () => {
    const p = await project();
    const t = await task(p.id, { title: 'Release notes', assignees: [core.id, admin.id] });
    const events = await h.collectEvents(
      [SUBJECTS.projectTaskCommented],
      (event) => (event.payload as { taskId?: string }).taskId === t.id,
    );
    try {
      const comment = await h.call(routes.createTaskComment, {
        params: { taskId: t.id },
        body: { content: `@${otherCore.firstName} can you check?`, mentions: [otherCore.id, core.id] },
        token: core.token,
      });
      expect(comment).toMatchObject({
        authorId: core.id,
        authorName: `${core.firstName} ${core.lastName}`,
        mentions: [otherCore.id],
      });
      const [event] = await events.waitUntil((list) => list.length >= 1);
      expect(event!.payload).toEqual({
        commentId: comment.id,
        taskId: t.id,
        projectId: p.id,
        title: 'Release notes',
        authorId: core.id,
        authorName: comment.authorName,
        excerpt: comment.content,
        mentionedIds: [otherCore.id],
        assigneeIds: [core.id, admin.id],
      } satisfies TaskCommentedPayload);
      const listed = await h.call(routes.listTaskComments, { params: { taskId: t.id }, token: otherCore.token });
      expect(listed).toEqual([comment]);
    } finally {
      await events.stop();
    }
  });
});

describe('names of assignees', () => {
  it('names assignees who are no longer Core and admins, and leaves out members below Core with no task', async () => {
    const p = await project();
    const demoted = await h.member('Core', { firstName: 'Dana', lastName: 'Demoted' });
    const bystander = await h.member('Master');
    await task(p.id, { assignees: [demoted.id, admin.id] });
    await h.sql(`UPDATE users SET access_level = 'Master' WHERE id = $1`, [demoted.id]);
    const people = await h.call(routes.listProjectPeople, { token: core.token });
    const byId = new Map(people.map((person) => [person.id, person]));
    expect(byId.get(demoted.id)).toMatchObject({ firstName: 'Dana', lastName: 'Demoted' });
    expect(byId.get(admin.id)).toMatchObject({ firstName: admin.firstName, lastName: admin.lastName });
    expect(byId.has(otherCore.id)).toBe(true);
    expect(byId.has(bystander.id)).toBe(false);
    const master = await h.member('Master');
    expect(await refusal(await h.request('/api/projects/people', { token: master.token }), 403)).toBe(
      PROJECT_MESSAGES.accessDenied,
    );
  });
});
