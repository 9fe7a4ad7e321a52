import type { CurrentUser } from '@crucible/proto';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { STILL_LOADING, stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';
import type { Task } from '@crucible/proto';

type Routes = Parameters<typeof stubApi>[0];

// The lazy page chunk and MUI's dialogs are slow on a loaded machine; the waits are for conditions, not time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const core = aMember({ id: 'core-1', accessLevel: 'Core' });
const users = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra'].map((name, index) => {
  const [firstName, lastName] = name.split(' ');
  return { id: `u${index}`, firstName, lastName, email: `${firstName}@example.com` };
});

function aTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 't1',
    projectId: 'p1',
    title: 'Design schema',
    description: null,
    status: 'To Do',
    priority: 'Medium',
    assigneeId: null,
    assignees: [],
    parentTaskId: null,
    dueDate: null,
    completionPercentage: 0,
    prerequisites: [],
    startDate: null,
    boardRank: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function signedInAs(member: CurrentUser, routes: Routes = {}) {
  return stubApi({
    'GET /api/auth/user': () => ({ status: 200, body: member }),
    'GET /api/users/core': () => ({ status: 200, body: users }),
    'GET /api/projects': () => ({
      status: 200,
      body: [
        { id: 'p1', title: 'Website', description: null },
        { id: 'p2', title: 'Archive', description: 'Old things' },
      ],
    }),
    'GET /api/projects/p1/tasks': () => ({
      status: 200,
      body: [
        aTask({ assignees: ['u0', 'u1', 'u2'], completionPercentage: 40 }),
        aTask({
          id: 't2',
          title: 'Write the migration',
          parentTaskId: 't1',
          assignees: ['u3'],
          completionPercentage: 61,
        }),
        aTask({ id: 't3', title: 'Ship it', status: 'Complete', priority: 'Critical', completionPercentage: 100 }),
      ],
    }),
    'GET /api/projects/p2/tasks': () => ({ status: 200, body: [] }),
    ...routes,
  });
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path,
  );

describe('access', () => {
  it('sends a Master member home with the Access Denied notice and never asks for projects', async () => {
    const fetchMock = signedInAs(aMember({ accessLevel: 'Master' }));
    const { router } = renderApp('/projects');
    expect(await screen.findByText(/Project management is available only to Core and Admin users\./)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, 'GET', '/api/projects')).toHaveLength(0);
  });

  it('lets an admin of a lower level in', async () => {
    signedInAs(aMember({ accessLevel: 'Apprentice', isAdmin: true }));
    renderApp('/projects');
    expect(await screen.findByRole('heading', { name: 'Project Management' })).toBeTruthy();
  });
});

describe('projects overview', () => {
  it("shows a busy skeleton named 'Loading...' while the projects load", async () => {
    signedInAs(core, { 'GET /api/projects': () => STILL_LOADING });
    renderApp('/projects');
    const loading = await screen.findByRole('status', { name: 'Loading...' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('table', { name: 'Projects Overview' })).toBeNull();
  });

  it('shows the empty state whose Create First Project opens Create New Project', async () => {
    signedInAs(core, { 'GET /api/projects': () => ({ status: 200, body: [] }) });
    renderApp('/projects');
    expect(await screen.findByText('No Projects Yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create First Project' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Project' })).toBeTruthy();
  });

  it('lists projects by title with two names then +N more, the missing description, completion, and Active', async () => {
    signedInAs(core);
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projects Overview' });
    await within(table).findByText('Ada Lovelace, Alan Turing +2 more');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Archive', 'Website']);
    expect(within(table).getByText('No description provided')).toBeTruthy();
    // (40 + 61 + 100) / 3 = 67 rounded.
    expect(within(table).getByText('67%')).toBeTruthy();

    await userEvent.click(within(table).getByRole('button', { name: 'Project Title' }));
    const resorted = within(table).getAllByRole('row').slice(1);
    expect(resorted.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Website', 'Archive']);

    await userEvent.click(within(resorted[0] as HTMLElement).getByRole('button', { name: 'View Tasks' }));
    expect(within(table).getByText('Active')).toBeTruthy();
  });

  it('refuses a project without a title, with the fixed text', async () => {
    const fetchMock = signedInAs(core);
    renderApp('/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/projects')).toHaveLength(0);
  });

  it('tells a logged-out member so when creating a project fails as unauthorized', async () => {
    signedInAs(core, {
      'POST /api/projects': () => ({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } }),
    });
    renderApp('/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Launch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText(/You are logged out\. Logging in again\.\.\./)).toBeTruthy();
  });

  it('announces a created project and selects it', async () => {
    const fetchMock = signedInAs(core, {
      'POST /api/projects': () => ({ status: 201, body: { id: 'p2', title: 'Archive', description: null } }),
    });
    renderApp('/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Archive');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText(/Project created successfully/)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/projects')[0]?.[1]?.body).toBe(
      JSON.stringify({ title: 'Archive', description: '' }),
    );
    expect(await screen.findByRole('button', { name: 'New Task' })).toBeTruthy();
  });
});

describe('task area', () => {
  async function openWebsite() {
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projects Overview' });
    await userEvent.click(await within(table).findByText('Website'));
  }

  it('shows the Kanban columns with counts, subtasks and completed cards', async () => {
    signedInAs(core);
    await openWebsite();
    const todo = await screen.findByRole('region', { name: 'To Do column' });
    expect(within(todo).getByLabelText('2 tasks')).toBeTruthy();
    expect(within(todo).getByText('Subtask of Design schema')).toBeTruthy();
    expect(within(todo).getByText('1 subtask(s)')).toBeTruthy();
    expect(within(todo).getByText('Ada Lovelace, Alan Turing +1 more')).toBeTruthy();
    const complete = screen.getByRole('region', { name: 'Complete column' });
    expect(getComputedStyle(within(complete).getByText('Ship it')).textDecoration).toContain('line-through');
    expect(within(complete).getByText('Completed')).toBeTruthy();
  });

  it('opens the task a shared link names, and puts an opened task in the URL', async () => {
    signedInAs(core);
    const { router } = renderApp('/projects?project=p1&task=t2');
    // The dialog waits for the page chunk, the projects, every project's tasks and the task's lists.
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' }, { timeout: 20_000 });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveProperty('value', 'Write the migration');
    expect(screen.getByRole('region', { name: 'Website tasks', hidden: true })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe('?project=p1'));
    await userEvent.click(await screen.findByText('Ship it'));
    expect(await screen.findByRole('dialog', { name: 'Edit Task' })).toBeTruthy();
    expect(router.state.location.search).toBe('?project=p1&task=t3');
  });

  it('says so when a shared link names a task that no longer exists', async () => {
    signedInAs(core);
    const { router } = renderApp('/projects?project=p1&task=gone');
    expect(await screen.findByText('That task no longer exists.', {}, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?project=p1'));
    expect(screen.queryByRole('dialog', { name: 'Edit Task' })).toBeNull();
  });

  it('opens Add New Task from a column with its status, and refuses an empty title', async () => {
    const fetchMock = signedInAs(core);
    await openWebsite();
    await userEvent.click(await screen.findByRole('button', { name: 'Add task to Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Task' });
    expect(within(dialog).getByRole('combobox', { name: 'Status' }).textContent).toContain('Review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/projects/p1/tasks')).toHaveLength(0);
  });

  it('puts the focus on a refused title and drops its message once a title is typed', async () => {
    signedInAs(core);
    await openWebsite();
    await userEvent.click(await screen.findByRole('button', { name: 'New Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(document.activeElement).toBe(title);
    await userEvent.type(title, 'Launch');
    expect(within(dialog).queryByText('Title is required')).toBeNull();
  });

  it('opens Edit Task on a click and leaves out the task itself and chosen prerequisites', async () => {
    signedInAs(core, {
      'GET /api/tasks/t2/dependencies': () => ({ status: 200, body: [{ dependsOnTaskId: 't3' }] }),
      'GET /api/tasks/t2/assignees': () => ({ status: 500, body: { message: 'boom' } }),
    });
    await openWebsite();
    await userEvent.click(await screen.findByText('Write the migration'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Write the migration',
    );
    expect(within(dialog).getByText('Ship it')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Add Prerequisite' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Design schema']);
  });

  it('saves an edit in one request carrying the kept prerequisites and the one assignee list, naming a demoted assignee', async () => {
    const fetchMock = signedInAs(core, {
      'GET /api/tasks/t2/dependencies': () => ({ status: 200, body: [{ dependsOnTaskId: 't3' }] }),
      'GET /api/tasks/t2/assignees': () => ({ status: 200, body: [{ userId: 'u3' }, { userId: 'u9' }] }),
      // u9 is no longer Core (not on auth's list): the project service still names them.
      'GET /api/projects/people': () => ({
        status: 200,
        body: [{ id: 'u9', firstName: 'Dana', lastName: 'Demoted', email: 'dana@example.com' }],
      }),
      'PATCH /api/tasks/t2': () => ({ status: 200, body: aTask({ id: 't2' }) }),
    });
    await openWebsite();
    await userEvent.click(await screen.findByText('Write the migration'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Write migrations');
    const picker = within(dialog).getByRole('combobox', { name: 'Assignees' });
    expect(picker.textContent).toBe('Edsger Dijkstra, Dana Demoted');
    // One picker: no second, single-assignee control.
    expect(within(dialog).queryByRole('combobox', { name: 'Assignee' })).toBeNull();
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Task' }));
    expect(await screen.findByText(/Task updated successfully/)).toBeTruthy();
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/tasks/t2');
    const body = JSON.parse(String(patch?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Write migrations',
      assignees: ['u3', 'u9', 'u0'],
      parentTaskId: 't1',
      startDate: null,
      dueDate: null,
      prerequisites: ['t3'],
    });
    expect('assigneeId' in body).toBe(false);
    expect(callsTo(fetchMock, 'DELETE', '/api/tasks/t2/dependencies')).toHaveLength(0);
  }, 90_000);

  it('says which lists failed to load and leaves them out of the save unless changed', async () => {
    const fetchMock = signedInAs(core, {
      'GET /api/tasks/t2/dependencies': () => ({ status: 500, body: { message: 'down' } }),
      'GET /api/tasks/t2/assignees': () => ({ status: 500, body: { message: 'down' } }),
      'PATCH /api/tasks/t2': () => ({ status: 200, body: aTask({ id: 't2' }) }),
    });
    await openWebsite();
    await userEvent.click(await screen.findByText('Write the migration'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    expect(within(dialog).getByText(/assignees could not be loaded/)).toBeTruthy();
    expect(within(dialog).getByText(/prerequisites could not be loaded/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Task' }));
    expect(await screen.findByText(/Task updated successfully/)).toBeTruthy();
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/tasks/t2');
    const body = JSON.parse(String(patch?.[1]?.body)) as Record<string, unknown>;
    expect(body.title).toBe('Write the migration');
    expect('assignees' in body).toBe(false);
    expect('prerequisites' in body).toBe(false);
  });

  it("shows the service's reason when an update is refused", async () => {
    const reason = 'This prerequisite would create a cycle: A -> B -> A';
    signedInAs(core, {
      'PATCH /api/tasks/t2': () => ({ status: 400, body: { statusCode: 400, message: reason } }),
    });
    await openWebsite();
    await userEvent.click(await screen.findByText('Write the migration'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Task' }));
    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect(within(dialog).queryByText('Failed to update task')).toBeNull();
  });

  it('shows the fixed failure notice when the service gives no reason', async () => {
    signedInAs(core, { 'PATCH /api/tasks/t2': () => ({ status: 500, body: { statusCode: 500, message: 'boom' } }) });
    await openWebsite();
    await userEvent.click(await screen.findByText('Write the migration'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Task' }));
    expect(await within(dialog).findByText('Failed to update task')).toBeTruthy();
  });

  it('lets the owner delete the project only after confirming, and hides it from others', async () => {
    const fetchMock = signedInAs(core, {
      'GET /api/projects': () => ({
        status: 200,
        body: [
          { id: 'p1', title: 'Website', description: null, ownerId: 'core-1' },
          { id: 'p2', title: 'Archive', description: null, ownerId: 'someone-else' },
        ],
      }),
      'DELETE /api/projects/p1': () => ({ status: 204 }),
    });
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projects Overview' });
    await userEvent.click(await within(table).findByText('Archive'));
    expect(await screen.findByRole('button', { name: 'New Task' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Project' })).toBeNull();

    await userEvent.click(within(table).getByText('Website'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Project' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Project' });
    expect(callsTo(fetchMock, 'DELETE', '/api/projects/p1')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Project deleted successfully/)).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', '/api/projects/p1')).toHaveLength(1);
  });

  it('moves a card to Review with the keyboard, sending only the status', async () => {
    const columns = ['To Do', 'In Progress', 'Review', 'Complete'];
    // jsdom lays nothing out: each column (and the cards in it) gets a 300 px wide slot, left to right.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const column = this.closest('section[aria-label$=" column"]');
      const index = column ? columns.indexOf(column.getAttribute('aria-label')?.replace(' column', '') ?? '') : -1;
      const isColumn = column === this;
      const left = Math.max(index, 0) * 300;
      const [top, height] = isColumn ? [0, 600] : [50, 40];
      return {
        left,
        top,
        width: 280,
        height,
        right: left + 280,
        bottom: top + height,
        x: left,
        y: top,
        toJSON: () => ({}),
      };
    });
    onTestFinished(() => rect.mockRestore());
    const fetchMock = signedInAs(core, {
      'PATCH /api/tasks/t1': () => ({ status: 200, body: aTask({ status: 'Review' }) }),
    });
    await openWebsite();
    const card = await screen.findByTestId('task-card-t1');
    card.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t1')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH', '/api/tasks/t1')[0]?.[1]?.body))).toEqual({
      status: 'Review',
    });
  });

  it('says when no Core user can be assigned', async () => {
    signedInAs(core, { 'GET /api/users/core': () => ({ status: 200, body: [] }) });
    await openWebsite();
    await userEvent.click(await screen.findByRole('button', { name: 'New Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    expect(within(dialog).getAllByText('No Core users available').length).toBeGreaterThan(0);
  });

  it('says when no task has a due date on the Gantt tab, and offers to add one', async () => {
    signedInAs(core);
    await openWebsite();
    await userEvent.click(await screen.findByRole('tab', { name: 'Gantt' }));
    expect(screen.getByText('No tasks with due dates to display in timeline')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add a Task with a Due Date' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Task' })).toBeTruthy();
  });

  it('says a project without tasks has none on the Kanban tab, and Add First Task opens a To Do task', async () => {
    signedInAs(core);
    renderApp('/projects');
    const table = await screen.findByRole('table', { name: 'Projects Overview' });
    await userEvent.click(await within(table).findByText('Archive'));
    expect(await screen.findByText('This project has no tasks yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add First Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Task' });
    expect(within(dialog).getByRole('combobox', { name: 'Status' }).textContent).toContain('To Do');
  });

  it('shows My Tasks empty state when nothing is assigned to the member', async () => {
    signedInAs(core);
    await openWebsite();
    await userEvent.click(await screen.findByRole('tab', { name: 'My Tasks' }));
    expect(screen.getByText('No tasks assigned')).toBeTruthy();
    expect(screen.getByText('My Tasks (0)')).toBeTruthy();
  });
});
