import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PROJECT_MESSAGES,
  RPC,
  SUBJECTS,
  TEXT_MESSAGES,
  projectRoutes as routes,
  taskSchema,
  type Project,
  type Task,
  type TaskCreate,
} from '@crucible/proto';
import { newEvent } from '@crucible/platform';
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

async function project(by: Member = core, title = 'Launch'): Promise<Project> {
  return h.call(routes.createProject, { body: { title, description: 'd' }, token: by.token });
}

async function task(projectId: string, body: Partial<TaskCreate> = {}, by: Member = core): Promise<Task> {
  return h.call(routes.createTask, {
    params: { projectId },
    body: { title: `Task ${randomUUID().slice(0, 6)}`, ...body },
    token: by.token,
  });
}

const patch = (taskId: string, json: unknown, by: Member = core) =>
  h.request(`/api/tasks/${taskId}`, { method: 'PATCH', token: by.token, json });

const audit = (taskId: string) => h.call(routes.listTaskAudit, { params: { taskId: taskId }, token: core.token });

describe('access', () => {
  const cases = [
    { level: 'Public', isAdmin: false, allowed: false },
    { level: 'Apprentice', isAdmin: false, allowed: false },
    { level: 'Journeyman', isAdmin: false, allowed: false },
    { level: 'Master', isAdmin: false, allowed: false },
    { level: 'Core', isAdmin: false, allowed: true },
    { level: 'Admin', isAdmin: true, allowed: true },
    { level: 'Master', isAdmin: true, allowed: true },
  ] as const;

  it.each(cases)('answers $level (admin flag $isAdmin) with allowed=$allowed on every call', async (row) => {
    const viewer = await h.member(row.level, { isAdmin: row.isAdmin });
    const existing = await project();
    const existingTask = await task(existing.id);
    const calls = [
      h.request('/api/projects', { token: viewer.token }),
      h.request('/api/projects', { token: viewer.token, json: { title: 'Mine' } }),
      h.request(`/api/projects/${existing.id}/tasks`, { token: viewer.token }),
      h.request(`/api/projects/${existing.id}/tasks`, { token: viewer.token, json: { title: 'T' } }),
      h.request(`/api/tasks/${existingTask.id}`, { method: 'PATCH', token: viewer.token, json: { status: 'Review' } }),
      h.request(`/api/tasks/${existingTask.id}/dependencies`, { token: viewer.token }),
      h.request(`/api/tasks/${existingTask.id}/assignees`, { token: viewer.token }),
      h.request(`/api/users/${viewer.id}/tasks`, { token: viewer.token }),
      h.request(`/api/tasks/${existingTask.id}/attachments`, { token: viewer.token }),
      h.request(`/api/tasks/${existingTask.id}/attachments/upload`, {
        token: viewer.token,
        json: { fileName: 'plan.pdf', mimeType: 'application/pdf', fileSize: 100 },
      }),
    ];
    const responses = await Promise.all(calls);
    for (const response of responses) {
      if (row.allowed) expect(response.status).toBeLessThan(300);
      else {
        expect(response.status).toBe(403);
        expect(((await response.json()) as { message: string }).message).toBe(PROJECT_MESSAGES.accessDenied);
      }
    }
  });

  it('refuses a request without a token', async () => {
    expect((await h.request('/api/projects')).status).toBe(401);
  });

  it('lets only the owner or an admin rename or delete a project', async () => {
    const owned = await project(core);
    const refused = await h.request(`/api/projects/${owned.id}`, {
      method: 'PATCH',
      token: otherCore.token,
      json: { title: 'Stolen' },
    });
    expect(refused.status).toBe(403);
    const renamed = await h.call(routes.updateProject, {
      params: { projectId: owned.id },
      body: { title: 'Renamed' },
      token: core.token,
    });
    expect(renamed.title).toBe('Renamed');
    expect((await h.request(`/api/projects/${owned.id}`, { method: 'DELETE', token: otherCore.token })).status).toBe(
      403,
    );
    expect((await h.request(`/api/projects/${owned.id}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expect((await h.request(`/api/projects/${owned.id}`, { token: core.token })).status).toBe(404);
  });
});

describe('task rules', () => {
  it('creates a task with the defaults and answers it with an id', async () => {
    const p = await project();
    const created = await h.call(routes.createTask, {
      params: { projectId: p.id },
      body: { title: '  Write spec  ', assigneeId: 'unassigned', parentTaskId: 'none', dueDate: '' },
      token: core.token,
    });
    expect(created).toMatchObject({
      title: 'Write spec',
      status: 'To Do',
      priority: 'Medium',
      assigneeId: null,
      assignees: [],
      parentTaskId: null,
      dueDate: null,
      completionPercentage: 0,
      projectId: p.id,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{ title: '' }, PROJECT_MESSAGES.titleRequired],
    [{}, PROJECT_MESSAGES.titleRequired],
    [{ title: 'x', status: 'Done' }, PROJECT_MESSAGES.invalidStatus],
    [{ title: 'x', priority: 'Urgent' }, PROJECT_MESSAGES.invalidPriority],
    [{ title: 'x', completionPercentage: 101 }, PROJECT_MESSAGES.completionRange],
    [{ title: 'x', completionPercentage: -5 }, PROJECT_MESSAGES.completionRange],
    [{ title: 'x', dueDate: 'tomorrow' }, PROJECT_MESSAGES.invalidDueDate],
    [{ title: 'x\u0000' }, 'NUL character'],
  ])('refuses %j with 400 and its reason', async (body, message) => {
    const p = await project();
    const response = await h.request(`/api/projects/${p.id}/tasks`, { token: core.token, json: body });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
  });

  it('never answers bad input with a 500', async () => {
    const p = await project();
    const t = await task(p.id);
    const attempts = [
      h.request('/api/projects/not-a-uuid/tasks', { token: core.token }),
      h.request(`/api/projects/${randomUUID()}/tasks`, { token: core.token }),
      h.request(`/api/projects/${randomUUID()}/tasks`, { token: core.token, json: { title: 'x' } }),
      h.request(`/api/tasks/${randomUUID()}`, { method: 'PATCH', token: core.token, json: { status: 'Review' } }),
      h.request(`/api/tasks/${t.id}`, { method: 'PATCH', token: core.token, json: { assignees: ['nope'] } }),
      h.request(`/api/tasks/${t.id}`, { method: 'PATCH', token: core.token, json: { parentTaskId: randomUUID() } }),
      h.request(`/api/tasks/${t.id}/dependencies`, { token: core.token, json: { dependsOnTaskId: 'x' } }),
      h.request(`/api/tasks/${t.id}/dependencies`, { token: core.token, json: { dependsOnTaskId: randomUUID() } }),
      h.request(`/api/tasks/${t.id}`, { method: 'PATCH', token: core.token, json: [] }),
      h.request(`/api/tasks/${t.id}`, {
        method: 'PATCH',
        token: core.token,
        body: '{"status":',
        headers: { 'content-type': 'application/json' },
      }),
      h.request(`/api/tasks/${t.id}`, { method: 'PATCH', token: core.token, json: { completionPercentage: '50' } }),
      h.request(`/api/tasks/${t.id}`, { method: 'PATCH', token: core.token, json: { dueDate: '2026-02-31' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      const text = await response.text();
      expect(response.status, `${response.url} ${text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${response.url} ${text}`).toBeLessThan(500);
    }
  });

  it('refuses a task as its own parent or prerequisite', async () => {
    const p = await project();
    const t = await task(p.id);
    const ownParent = await patch(t.id, { parentTaskId: t.id });
    expect(ownParent.status).toBe(400);
    expect(((await ownParent.json()) as { message: string }).message).toBe(PROJECT_MESSAGES.ownParent);
    const ownPrerequisite = await h.request(`/api/tasks/${t.id}/dependencies`, {
      token: core.token,
      json: { dependsOnTaskId: t.id },
    });
    expect(ownPrerequisite.status).toBe(400);
    expect(((await ownPrerequisite.json()) as { message: string }).message).toBe(PROJECT_MESSAGES.ownPrerequisite);
  });

  it('refuses a prerequisite cycle with 400 naming the loop', async () => {
    const p = await project();
    const a = await task(p.id, { title: 'Alpha' });
    const b = await task(p.id, { title: 'Beta', prerequisites: [a.id] });
    const c = await task(p.id, { title: 'Gamma', prerequisites: [b.id] });
    const response = await h.request(`/api/tasks/${a.id}/dependencies`, {
      token: core.token,
      json: { dependsOnTaskId: c.id },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      PROJECT_MESSAGES.prerequisiteCycle(['Alpha', 'Gamma', 'Beta', 'Alpha']),
    );
    const viaPatch = await patch(a.id, { prerequisites: [c.id] });
    expect(viaPatch.status).toBe(400);
    expect(await h.call(routes.listTaskDependencies, { params: { taskId: a.id }, token: core.token })).toEqual([]);
  });

  it('refuses a parent cycle with 400 naming the loop', async () => {
    const p = await project();
    const top = await task(p.id, { title: 'Top' });
    const middle = await task(p.id, { title: 'Middle', parentTaskId: top.id });
    const bottom = await task(p.id, { title: 'Bottom', parentTaskId: middle.id });
    const response = await patch(top.id, { parentTaskId: bottom.id });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      PROJECT_MESSAGES.parentCycle(['Top', 'Bottom', 'Middle', 'Top']),
    );
  });

  it('refuses a parent or prerequisite from another project', async () => {
    const [first, second] = [await project(), await project()];
    const here = await task(first.id);
    const there = await task(second.id);
    const parent = await patch(here.id, { parentTaskId: there.id });
    expect(parent.status).toBe(400);
    expect(((await parent.json()) as { message: string }).message).toBe(PROJECT_MESSAGES.parentOtherProject);
    const dependency = await h.request(`/api/tasks/${here.id}/dependencies`, {
      token: core.token,
      json: { dependsOnTaskId: there.id },
    });
    expect(dependency.status).toBe(400);
    expect(((await dependency.json()) as { message: string }).message).toBe(PROJECT_MESSAGES.prerequisiteOtherProject);
    const created = await h.request(`/api/projects/${first.id}/tasks`, {
      token: core.token,
      json: { title: 'x', prerequisites: [there.id] },
    });
    expect(created.status).toBe(400);
  });

  it('replaces the prerequisites in one transaction: a refused list leaves the old one', async () => {
    const p = await project();
    const [a, b, c] = [await task(p.id), await task(p.id), await task(p.id)];
    await h.call(routes.addTaskDependency, {
      params: { taskId: c.id },
      body: { dependsOnTaskId: a.id },
      token: core.token,
    });
    const refused = await patch(a.id, { prerequisites: [b.id, c.id] });
    expect(refused.status).toBe(400);
    expect((await h.call(routes.getTask, { params: { taskId: a.id }, token: core.token })).prerequisites).toEqual([]);
    expect((await h.call(routes.getTask, { params: { taskId: c.id }, token: core.token })).prerequisites).toEqual([
      a.id,
    ]);
    const replaced = await h.call(routes.updateTask, {
      params: { taskId: c.id },
      body: { prerequisites: [b.id] },
      token: core.token,
    });
    expect(replaced.prerequisites).toEqual([b.id]);
  });

  it('accepts only Core members and admins as assignees, filling unknown members from auth', async () => {
    const p = await project();
    const master = await h.member('Master');
    const refused = await h.request(`/api/projects/${p.id}/tasks`, {
      token: core.token,
      json: { title: 'x', assignees: [master.id] },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(PROJECT_MESSAGES.assigneeNotCore);

    const late = await h.member('Core', { inReplica: false });
    const replier = await h.bus.reply(RPC.authUser, async ({ id }) =>
      id === late.id
        ? {
            id: late.id,
            email: late.email,
            firstName: late.firstName,
            lastName: late.lastName,
            profileImageUrl: null,
            accessLevel: 'Core' as const,
            isAdmin: false,
            isModerator: false,
            emailVerified: true,
          }
        : null,
    );
    try {
      const accepted = await task(p.id, { assigneeId: late.id });
      expect(accepted.assignees).toEqual([late.id]);
    } finally {
      await replier.stop();
    }
  });

  it('refuses a title with a text-direction override or a control character with 400 naming the field', async () => {
    const p = await project();
    for (const title of ['Launch \u202Egnp.exe', 'Launch\u0007']) {
      for (const [path, json] of [
        ['/api/projects', { title, description: 'd' }],
        [`/api/projects/${p.id}/tasks`, { title }],
      ] as const) {
        const refused = await h.request(path, { token: core.token, json });
        expect(refused.status, path).toBe(400);
        expect(((await refused.json()) as { message: string }).message).toBe(TEXT_MESSAGES.oneLineUnsafe('Title'));
      }
    }
  });

  it("refuses deactivated and suspended members as assignees (from auth's user events), and takes them back after", async () => {
    const p = await project();
    const member = await h.member('Core');
    const announce = async (status: { isActive: boolean; suspendedUntil: string | null }) => {
      const user = {
        id: member.id,
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
        profileImageUrl: null,
        accessLevel: 'Core' as const,
        isAdmin: false,
        isModerator: false,
        ...status,
      };
      await h.bus.publish(newEvent(SUBJECTS.userUpdated, user));
      await expect
        .poll(async () => (await h.sql('SELECT is_active, suspended_until FROM users WHERE id = $1', [member.id]))[0])
        .toEqual({
          is_active: status.isActive,
          suspended_until: status.suspendedUntil && new Date(status.suspendedUntil),
        });
    };
    const assign = () =>
      h.request(`/api/projects/${p.id}/tasks`, { token: core.token, json: { title: 'x', assignees: [member.id] } });
    const refusal = async () => {
      const refused = await assign();
      expect(refused.status).toBe(400);
      return ((await refused.json()) as { message: string }).message;
    };

    await announce({ isActive: false, suspendedUntil: null });
    await expect(refusal()).resolves.toBe(PROJECT_MESSAGES.assigneeUnavailable);
    await announce({ isActive: true, suspendedUntil: new Date(Date.now() + 3_600_000).toISOString() });
    await expect(refusal()).resolves.toBe(PROJECT_MESSAGES.assigneeUnavailable);
    // A suspension that has ended is no refusal: it lapses by itself.
    await announce({ isActive: true, suspendedUntil: new Date(Date.now() - 1_000).toISOString() });
    expect((await assign()).status).toBe(201);
  });

  it('keeps the single assignee and the list consistent', async () => {
    const p = await project();
    const t = await task(p.id, { assigneeId: core.id });
    expect(t).toMatchObject({ assigneeId: core.id, assignees: [core.id] });
    const listed = await h.call(routes.updateTask, {
      params: { taskId: t.id },
      body: { assignees: [otherCore.id, admin.id] },
      token: core.token,
    });
    expect(listed.assigneeId).toBe(otherCore.id);
    expect([...listed.assignees].sort()).toEqual([otherCore.id, admin.id].sort());
    const single = await h.call(routes.updateTask, {
      params: { taskId: t.id },
      body: { assigneeId: '' },
      token: core.token,
    });
    expect(single).toMatchObject({ assigneeId: null, assignees: [admin.id] });
    const assigneeRows = await h.call(routes.listTaskAssignees, { params: { taskId: t.id }, token: core.token });
    expect(assigneeRows.map((row) => row.userId)).toEqual([admin.id]);
  });

  it('keeps the legacy assigneeId as the first entry of the assignees list in every answer', async () => {
    const p = await project();
    const t = await task(p.id, { assignees: [otherCore.id, core.id] });
    expect(t).toMatchObject({ assigneeId: otherCore.id, assignees: [otherCore.id, core.id] });
    const reordered = await h.call(routes.updateTask, {
      params: { taskId: t.id },
      body: { assignees: [core.id, otherCore.id] },
      token: core.token,
    });
    expect(reordered).toMatchObject({ assigneeId: core.id, assignees: [core.id, otherCore.id] });
    const single = await h.call(routes.updateTask, {
      params: { taskId: t.id },
      body: { assigneeId: admin.id },
      token: core.token,
    });
    expect(single).toMatchObject({ assigneeId: admin.id, assignees: [admin.id, otherCore.id] });
    const listed = await h.call(routes.listProjectTasks, { params: { projectId: p.id }, token: core.token });
    expect(listed[0]).toMatchObject({ assigneeId: admin.id, assignees: [admin.id, otherCore.id] });
    const mine = await h.call(routes.listUserTasks, { params: { userId: otherCore.id }, token: core.token });
    expect(mine.find((item) => item.id === t.id)).toMatchObject({
      assigneeId: admin.id,
      assignees: [admin.id, otherCore.id],
    });
    const rows = await h.call(routes.listTaskAssignees, { params: { taskId: t.id }, token: core.token });
    expect(rows.map((row) => row.userId)).toEqual([admin.id, otherCore.id]);
  });

  it("lists a project's tasks in the contract's shape, each as its own read answers it", async () => {
    const p = await project();
    const first = await task(p.id, { assigneeId: core.id, dueDate: '2026-05-04T10:00:00.000Z' });
    const second = await task(p.id, { parentTaskId: first.id, prerequisites: [first.id], assignees: [otherCore.id] });
    const listed = z
      .array(taskSchema)
      .parse(await h.call(routes.listProjectTasks, { params: { projectId: p.id }, token: core.token }));
    expect(listed).toEqual([
      await h.call(routes.getTask, { params: { taskId: first.id }, token: core.token }),
      await h.call(routes.getTask, { params: { taskId: second.id }, token: core.token }),
    ]);
    expect(listed[0]!.dueDate).toBe('2026-05-04');
  });

  it('derives the project completion as the rounded average of its tasks', async () => {
    const p = await project();
    expect(p.completionPercentage).toBe(0);
    await task(p.id, { completionPercentage: 50 });
    const t = await task(p.id, { completionPercentage: 25 });
    expect(
      (await h.call(routes.getProject, { params: { projectId: p.id }, token: core.token })).completionPercentage,
    ).toBe(38);
    await patch(t.id, { completionPercentage: 100 });
    const listed = (await h.call(routes.listProjects, { token: core.token })).find((row) => row.id === p.id);
    expect(listed?.completionPercentage).toBe(75);
  });

  it('deletes a task: subtasks become top-level, dependency rows go', async () => {
    const p = await project();
    const parent = await task(p.id);
    const child = await task(p.id, { parentTaskId: parent.id });
    const dependent = await task(p.id, { prerequisites: [parent.id] });
    expect((await h.request(`/api/tasks/${parent.id}`, { method: 'DELETE', token: core.token })).status).toBe(204);
    expect((await h.call(routes.getTask, { params: { taskId: child.id }, token: core.token })).parentTaskId).toBeNull();
    expect(
      (await h.call(routes.getTask, { params: { taskId: dependent.id }, token: core.token })).prerequisites,
    ).toEqual([]);
    expect((await audit(parent.id)).map((row) => row.action)).toContain('deleted');
  });

  it("lists a member's assigned tasks across projects", async () => {
    const assignee = await h.member('Core');
    const [first, second] = [await project(), await project()];
    const mine = [
      await task(first.id, { assigneeId: assignee.id }),
      await task(second.id, { assignees: [assignee.id] }),
    ];
    await task(first.id);
    const listed = await h.call(routes.listUserTasks, { params: { userId: assignee.id }, token: assignee.token });
    expect(listed.map((row) => row.id).sort()).toEqual(mine.map((row) => row.id).sort());
  });
});

describe('audit and events', () => {
  it('writes an audit row per changed field with old and new values and who', async () => {
    const p = await project();
    const t = await task(p.id, { title: 'Audited' });
    await patch(t.id, { status: 'In Progress', priority: 'High', title: 'Audited' }, otherCore);
    const rows = await audit(t.id);
    // The rows of one change share their time, so their order among themselves is not fixed.
    const creation = rows.find((row) => row.action === 'created' && !row.fieldName);
    expect(creation).toMatchObject({ newValue: 'Audited', userId: core.id });
    const updates = rows.filter((row) => row.action === 'updated');
    const byField = (a: (string | null)[], b: (string | null)[]) => String(a[0]).localeCompare(String(b[0]));
    expect(updates.map((row) => [row.fieldName, row.oldValue, row.newValue, row.userId]).sort(byField)).toEqual([
      ['priority', 'Medium', 'High', otherCore.id],
      ['status', 'To Do', 'In Progress', otherCore.id],
    ]);
  });

  it('audits every one of many concurrent edits of one task', async () => {
    const p = await project();
    const t = await task(p.id);
    const values = Array.from({ length: 12 }, (_, index) => (index + 1) * 5);
    const responses = await Promise.all(
      values.map((value, index) => patch(t.id, { completionPercentage: value }, index % 2 ? core : otherCore)),
    );
    expect(responses.map((response) => response.status)).toEqual(values.map(() => 200));
    const changes = (await audit(t.id)).filter(
      (row) => row.fieldName === 'completionPercentage' && row.action === 'updated',
    );
    expect(changes).toHaveLength(values.length);
    // Each change starts from the value the previous one left: the chain is unbroken.
    for (const [index, row] of changes.entries())
      expect(row.oldValue).toBe(index === 0 ? '0' : changes[index - 1]!.newValue);
    const final = await h.call(routes.getTask, { params: { taskId: t.id }, token: core.token });
    expect(String(final.completionPercentage)).toBe(changes.at(-1)!.newValue);
  });

  it('publishes created, assigned, status_changed and updated with the task, its assignees and the actor', async () => {
    const p = await project();
    const events = await h.collectEvents(
      [
        SUBJECTS.projectTaskCreated,
        SUBJECTS.projectTaskAssigned,
        SUBJECTS.projectTaskStatusChanged,
        SUBJECTS.projectTaskUpdated,
      ],
      (event) => (event.payload as { projectId?: string }).projectId === p.id,
    );
    try {
      const t = await task(p.id, { title: 'Evented', assigneeId: otherCore.id });
      await patch(t.id, { status: 'Review' });
      await patch(t.id, { assignees: [otherCore.id, admin.id] });
      await patch(t.id, { description: 'more' });
      const received = await events.waitUntil((list) => list.length >= 5);
      const summary = received.map((event) => [
        event.subject,
        (event.payload as { assigneeIds: string[] }).assigneeIds,
      ]);
      expect(summary).toEqual([
        [SUBJECTS.projectTaskCreated, [otherCore.id]],
        [SUBJECTS.projectTaskAssigned, [otherCore.id]],
        [SUBJECTS.projectTaskStatusChanged, [otherCore.id]],
        [SUBJECTS.projectTaskAssigned, [admin.id]],
        [SUBJECTS.projectTaskUpdated, expect.arrayContaining([otherCore.id, admin.id])],
      ]);
      expect(received[0]!.payload).toEqual({
        taskId: t.id,
        projectId: p.id,
        title: 'Evented',
        assigneeIds: [otherCore.id],
        actorId: core.id,
      });
    } finally {
      await events.stop();
    }
  });
});

describe('Kanban order', () => {
  const order = (projectId: string, json: unknown, by: Member = core) =>
    h.request(`/api/projects/${projectId}/board-order`, { method: 'PUT', token: by.token, json });
  const column = async (projectId: string, status: string) =>
    (await h.call(routes.listProjectTasks, { params: { projectId: projectId }, token: otherCore.token }))
      .filter((item) => item.status === status)
      .sort((a, b) => (a.boardRank ?? Infinity) - (b.boardRank ?? Infinity))
      .map((item) => item.title);

  it("keeps a column's order for everyone; the unlisted follow, a moved card loses its place", async () => {
    const p = await project();
    const [a, b, c] = [
      await task(p.id, { title: 'A' }),
      await task(p.id, { title: 'B' }),
      await task(p.id, { title: 'C' }),
    ];
    expect((await order(p.id, { status: 'To Do', taskIds: [c.id, a.id, b.id] })).status).toBe(204);
    expect(await column(p.id, 'To Do')).toEqual(['C', 'A', 'B']);
    const ranks = (await h.call(routes.listProjectTasks, { params: { projectId: p.id }, token: core.token })).map(
      (item) => [item.title, item.boardRank],
    );
    expect(ranks).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 0],
    ]);

    expect((await order(p.id, { status: 'To Do', taskIds: [b.id, c.id] })).status).toBe(204);
    const listed = await h.call(routes.listProjectTasks, { params: { projectId: p.id }, token: core.token });
    expect(listed.find((item) => item.id === a.id)?.boardRank).toBeNull();
    expect(await column(p.id, 'To Do')).toEqual(['B', 'C', 'A']);

    expect((await patch(b.id, { status: 'Review' })).status).toBe(200);
    expect((await h.call(routes.getTask, { params: { taskId: b.id }, token: core.token })).boardRank).toBeNull();
    expect(await column(p.id, 'To Do')).toEqual(['C', 'A']);
  });

  it('refuses an order naming a task of another column or project, whole, with the reason', async () => {
    const p = await project();
    const other = await project();
    const [a, b] = [await task(p.id, { title: 'A' }), await task(p.id, { title: 'B', status: 'Review' })];
    const foreign = await task(other.id, { title: 'F' });
    await order(p.id, { status: 'To Do', taskIds: [a.id] });
    for (const taskIds of [[b.id, a.id], [foreign.id], [randomUUID()]]) {
      const refused = await order(p.id, { status: 'To Do', taskIds });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(PROJECT_MESSAGES.boardOrderMismatch);
    }
    expect((await h.call(routes.getTask, { params: { taskId: a.id }, token: core.token })).boardRank).toBe(0);
    expect((await h.call(routes.getTask, { params: { taskId: b.id }, token: core.token })).boardRank).toBeNull();
    expect((await order(p.id, { status: 'Doing', taskIds: [a.id] })).status).toBe(400);
    expect((await order(p.id, { status: 'To Do', taskIds: [] })).status).toBe(400);
    expect((await order(randomUUID(), { status: 'To Do', taskIds: [a.id] })).status).toBe(404);
    const outsider = await h.member('Master');
    expect((await order(p.id, { status: 'To Do', taskIds: [a.id] }, outsider)).status).toBe(403);
  });
});

describe('the task list kept built per version', () => {
  it('reuses the built list until a change to the tasks, and never serves one from before a change', async () => {
    const owned = await project();
    const first = await task(owned.id, { title: 'First' });
    const list = () => h.call(routes.listProjectTasks, { params: { projectId: owned.id }, token: core.token });
    const version = async () =>
      (await h.sql<{ v: string }>(`SELECT tasks_version::text AS v FROM projects WHERE id = $1`, [owned.id]))[0]!.v;

    expect((await list()).map((item) => item.title)).toEqual(['First']);
    const built = h.service.context.taskLists.get(owned.id);
    expect(built?.version).toBe(await version());
    await list();
    expect(h.service.context.taskLists.get(owned.id)).toBe(built);

    const second = await task(owned.id, { title: 'Second' });
    expect((await list()).map((item) => item.title)).toEqual(['First', 'Second']);
    expect((await patch(second.id, { status: 'Review', prerequisites: [first.id] })).status).toBe(200);
    expect((await list()).find((item) => item.id === second.id)).toMatchObject({
      status: 'Review',
      prerequisites: [first.id],
    });
    expect((await h.request(`/api/tasks/${first.id}/dependencies`, { method: 'GET', token: core.token })).status).toBe(
      200,
    );
    expect(
      (await h.request(`/api/tasks/${second.id}/dependencies`, { method: 'DELETE', token: core.token })).status,
    ).toBe(204);
    expect((await list()).find((item) => item.id === second.id)?.prerequisites).toEqual([]);
    expect((await h.request(`/api/tasks/${first.id}`, { method: 'DELETE', token: core.token })).status).toBe(204);
    expect((await list()).map((item) => item.title)).toEqual(['Second']);
    expect((await h.request(`/api/projects/${owned.id}`, { method: 'DELETE', token: core.token })).status).toBe(204);
    expect((await h.request(`/api/projects/${owned.id}/tasks`, { token: core.token })).status).toBe(404);
  });
});
