/**
 * The /projects page against the real project service (and auth, forum's blob route, the gateway),
 * started as `npm start` starts them (`npx vitest run --project e2e web/e2e/projects.e2e.test.ts`):
 * a Core member creates a project and tasks, moves a card with the keyboard, edits a task
 * (assignee, prerequisite), finds it on Gantt, Calendar and My Tasks, attaches a file; reorders a
 * column (kept after a reload) and opens a shared task link; a Master is refused by the page and by
 * the API.
 */
import { PROJECT_MESSAGES, type Project, type Task, type TaskAttachment } from '@crucible/proto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withPage } from './harness.ts';
import { productWithMembers, CSRF, testAdmin } from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('pm', runId);

interface Member {
  email: string;
  firstName: string;
  id: string;
  level: 'Core' | 'Master';
}

const members: Record<'core' | 'master', Member> = {
  core: { email: `e2e-pm-${runId}-core@example.com`, firstName: 'Cora', id: '', level: 'Core' },
  master: { email: `e2e-pm-${runId}-master@example.com`, firstName: 'Max', id: '', level: 'Master' },
};

const world = productWithMembers(admin, Object.values(members));
const { at, signIn } = world;

async function toast(page: Page, title: string, text?: string): Promise<void> {
  let snackbar = page.locator('[data-toast]').filter({ hasText: title });
  if (text) snackbar = snackbar.filter({ hasText: text });
  await snackbar.first().waitFor();
}

const column = (page: Page, status: string) => page.getByRole('region', { name: `${status} column` });
const card = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^${title}, `) });

/**
 * dnd-kit's keyboard drag, one step at a time: Space lifts the card (it reports aria-pressed), the
 * right arrow moves it over the next column once dnd-kit has measured the columns (its live region
 * announces the column), and Space drops it there.
 */
async function keyboardDrag(page: Page, draggable: Locator, toColumn: string): Promise<void> {
  await draggable.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => draggable.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
  const announced = () =>
    page.evaluate(
      (status) => document.body.textContent?.includes(`was moved over droppable area ${status}.`) ?? false,
      toColumn,
    );
  // One arrow press, then its announcement; pressed again only if dnd-kit had not measured the columns yet.
  for (let attempt = 0; attempt < 5 && !(await announced()); attempt += 1) {
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(announced, { timeout: 3_000 })
      .toBe(true)
      .catch(() => undefined);
  }
  expect(await announced()).toBe(true);
  await page.keyboard.press('Space');
}

function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

describe('project management', () => {
  it('lets a Core member plan, move, edit, view and attach to tasks', async () => {
    await withPage(world.browser, 'pm-core', async (page) => {
      await signIn(page, members.core);
      await page.goto(at('/projects'));
      const title = `Launch ${runId}`;

      await page.getByRole('button', { name: 'Create First Project' }).click();
      const projectDialog = page.getByRole('dialog', { name: 'Create New Project' });
      await projectDialog.getByLabel('Title').fill(title);
      await projectDialog.getByRole('button', { name: 'Create Project' }).click();
      await toast(page, 'Success', 'Project created successfully');
      await page.getByRole('table', { name: 'Projects Overview' }).getByText(title).click();
      await page.getByText('Active').waitFor();

      await page.getByRole('button', { name: 'New Task' }).click();
      const create = page.getByRole('dialog', { name: 'Create New Task' });
      await create.getByLabel('Title').fill('Write spec');
      await create.getByRole('button', { name: 'Create Task' }).click();
      await toast(page, 'Success', 'Task created successfully');
      await card(page, 'Write spec').waitFor();

      await page.getByRole('button', { name: 'Add task to To Do' }).click();
      const add = page.getByRole('dialog', { name: 'Add New Task' });
      await add.getByLabel('Title').fill('Ship it');
      await add.getByRole('button', { name: 'Create Task' }).click();
      await card(page, 'Ship it').waitFor();

      // Keyboard drag: Space lifts the card, the right arrow moves it one column, Space drops it.
      // Each move settles (the PATCH, then the refetched task list) before the next drag starts.
      for (const status of ['In Progress', 'Review']) {
        const saved = page.waitForResponse(
          (response) => response.request().method() === 'PATCH' && response.url().includes('/api/tasks/'),
        );
        const refetched = page.waitForResponse(
          (response) => response.request().method() === 'GET' && /\/api\/projects\/[^/]+\/tasks$/.test(response.url()),
        );
        await keyboardDrag(page, card(page, 'Write spec'), status);
        await card(column(page, status), 'Write spec').waitFor();
        expect((await saved).status()).toBe(200);
        await refetched;
      }
      await toast(page, 'Success', 'Task updated successfully');
      expect(
        await column(page, 'To Do')
          .getByRole('button', { name: /^Write spec, / })
          .count(),
      ).toBe(0);

      // A click opens Edit Task: assign Cora and make 'Write spec' a prerequisite.
      await card(page, 'Ship it').click();
      const edit = page.getByRole('dialog', { name: 'Edit Task' });
      await edit.getByRole('combobox', { name: 'Assignees', exact: true }).click();
      await page.getByRole('option', { name: 'Cora Tester' }).click();
      await page.keyboard.press('Escape');
      await edit.getByRole('combobox', { name: 'Add Prerequisite' }).click();
      await page.getByRole('option', { name: 'Write spec' }).click();
      await edit.getByRole('button', { name: 'Write spec' }).waitFor();
      await edit.getByRole('button', { name: 'Update Task' }).click();
      await toast(page, 'Success', 'Task updated successfully');
      await edit.waitFor({ state: 'detached' });

      // What the service now holds: the assignee and the prerequisite.
      const projects = (await (await page.request.get(at('/api/projects'))).json()) as Project[];
      const project = projects.find((candidate) => candidate.title === title)!;
      const tasks = (await (await page.request.get(at(`/api/projects/${project.id}/tasks`))).json()) as Task[];
      const shipIt = tasks.find((task) => task.title === 'Ship it')!;
      const writeSpec = tasks.find((task) => task.title === 'Write spec')!;
      expect(shipIt).toMatchObject({ assigneeId: members.core.id, prerequisites: [writeSpec.id] });
      expect(writeSpec.status).toBe('Review');

      // Due dates (set through the API: the date picker is MUI's own), then the dated views.
      const today = localDay(new Date());
      for (const task of [shipIt, writeSpec]) {
        const patched = await page.request.patch(at(`/api/tasks/${task.id}`), {
          headers: CSRF,
          data: { dueDate: today },
        });
        expect(patched.status(), await patched.text()).toBe(200);
      }
      await page.reload();
      await page.getByRole('table', { name: 'Projects Overview' }).getByText(title).click();

      await page.getByRole('tab', { name: 'Gantt' }).click();
      const gantt = page.getByRole('figure', { name: 'Gantt timeline' });
      await gantt.getByLabel(/^Ship it, due /).waitFor();
      await gantt.getByLabel(/^Write spec, due /).waitFor();

      await page.getByRole('tab', { name: 'Calendar' }).click();
      const todayCell = page.locator('[role="gridcell"][aria-current="date"]');
      await todayCell.getByText('Ship it').waitFor();

      await page.getByRole('tab', { name: 'My Tasks' }).click();
      await page.getByRole('heading', { name: 'My Tasks (1)' }).waitFor();
      await page.getByRole('list', { name: 'My tasks' }).getByText('Ship it').waitFor();

      // Attach a file from the Edit Task dialog; the service then lists it.
      await page.getByRole('tab', { name: 'Kanban' }).click();
      await card(page, 'Ship it').click();
      const again = page.getByRole('dialog', { name: 'Edit Task' });
      await again.getByText(PROJECT_MESSAGES.noAttachments).waitFor();
      await again.getByTestId('task-attachment-input').setInputFiles({
        name: 'notes.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# Launch notes\n'),
      });
      await again.getByRole('button', { name: 'Download notes.md' }).waitFor();
      const attachments = (await (
        await page.request.get(at(`/api/tasks/${shipIt.id}/attachments`))
      ).json()) as TaskAttachment[];
      expect(attachments.map((attachment) => attachment.originalName)).toEqual(['notes.md']);
    });
  });

  it('keeps the stored assignees and prerequisites when their load fails as the Edit Task dialog opens', async () => {
    await withPage(world.browser, 'pm-dialog-load-fails', async (page) => {
      await signIn(page, members.core);
      await page.route(/\/api\/tasks\/[^/]+\/(assignees|dependencies)$/, (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' })
          : route.continue(),
      );
      await page.goto(at('/projects'));
      await page.getByRole('table', { name: 'Projects Overview' }).getByText(`Launch ${runId}`).click();
      await card(page, 'Ship it').click();
      const edit = page.getByRole('dialog', { name: 'Edit Task' });
      await edit.getByText("This task's assignees could not be loaded", { exact: false }).waitFor();
      await edit.getByText("This task's prerequisites could not be loaded", { exact: false }).waitFor();
      await edit.getByLabel('Title').fill('Ship it today');
      await edit.getByRole('button', { name: 'Update Task' }).click();
      await toast(page, 'Success', 'Task updated successfully');

      const projects = (await (await page.request.get(at('/api/projects'))).json()) as Project[];
      const project = projects.find((candidate) => candidate.title === `Launch ${runId}`)!;
      const tasks = (await (await page.request.get(at(`/api/projects/${project.id}/tasks`))).json()) as Task[];
      const shipIt = tasks.find((task) => task.title === 'Ship it today')!;
      const writeSpec = tasks.find((task) => task.title === 'Write spec')!;
      expect(shipIt).toMatchObject({ assignees: [members.core.id], prerequisites: [writeSpec.id] });
    });
  });

  it('keeps a card dragged within its column in its place after a reload, and a shared task link opens the task', async () => {
    await withPage(world.browser, 'pm-order-and-link', async (page) => {
      await signIn(page, members.core);
      const projects = (await (await page.request.get(at('/api/projects'))).json()) as Project[];
      const project = projects.find((candidate) => candidate.title === `Launch ${runId}`)!;
      const created: Task[] = [];
      for (const title of ['Alpha', 'Beta']) {
        const response = await page.request.post(at(`/api/projects/${project.id}/tasks`), {
          headers: CSRF,
          data: { title, priority: 'Low' },
        });
        expect(response.status(), await response.text()).toBe(201);
        created.push((await response.json()) as Task);
      }
      const [alpha, beta] = created as [Task, Task];
      const titlesOf = (scope: Locator) =>
        scope
          .getByRole('button', { name: /, \w+ priority$/ })
          .evaluateAll((cards) => cards.map((element) => element.getAttribute('aria-label')?.split(',')[0]));

      await page.goto(at(`/projects?project=${project.id}`));
      const todo = column(page, 'To Do');
      await card(todo, 'Beta').waitFor();
      // Ship it today (Medium) leads by priority, then Alpha and Beta (Low) in creation order.
      expect(await titlesOf(todo)).toEqual(['Ship it today', 'Alpha', 'Beta']);

      // Keyboard drag within the column: Space lifts Beta, the up arrow moves it over the card above
      // (dnd-kit announces each card it passes), Space drops it in Alpha's place.
      const betaCard = card(todo, 'Beta');
      await betaCard.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => betaCard.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
      const over = () =>
        page.evaluate(
          (id) => document.body.textContent?.includes(`was moved over droppable area card:${id}.`) ?? false,
          alpha.id,
        );
      for (let attempt = 0; attempt < 5 && !(await over()); attempt += 1) {
        await page.keyboard.press('ArrowUp');
        await expect
          .poll(over, { timeout: 3_000 })
          .toBe(true)
          .catch(() => undefined);
      }
      expect(await over()).toBe(true);
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().includes('/board-order'),
      );
      await page.keyboard.press('Space');
      expect((await saved).status()).toBe(204);
      await expect.poll(() => titlesOf(todo)).toEqual(['Ship it today', 'Beta', 'Alpha']);

      // Another visit (any member) sees the same order.
      await page.reload();
      await card(todo, 'Alpha').waitFor();
      expect(await titlesOf(todo)).toEqual(['Ship it today', 'Beta', 'Alpha']);
      const stored = (await (await page.request.get(at(`/api/projects/${project.id}/tasks`))).json()) as Task[];
      expect(stored.find((task) => task.id === beta.id)?.boardRank).toBeLessThan(
        stored.find((task) => task.id === alpha.id)?.boardRank ?? -1,
      );

      // Opening a card puts the task in the URL; that link, opened afresh, selects the project and opens the task.
      await card(todo, 'Alpha').click();
      await page.getByRole('dialog', { name: 'Edit Task' }).waitFor();
      await page.waitForURL((url) => url.searchParams.get('task') === alpha.id);
      const link = page.url();
      await withPage(world.browser, 'pm-shared-link', async (other) => {
        await signIn(other, members.core);
        await other.goto(link);
        const dialog = other.getByRole('dialog', { name: 'Edit Task' });
        await dialog.waitFor();
        expect(await dialog.getByLabel('Title').inputValue()).toBe('Alpha');
        // The project is selected behind the dialog (the modal hides the page from the accessibility tree).
        await other.locator(`section[aria-label="Launch ${runId} tasks"]`).waitFor({ state: 'attached' });
      });
    });
  });

  it("shows a Master 'Access Denied' and sends them to '/', and the API refuses them", async () => {
    await withPage(world.browser, 'pm-master', async (page) => {
      await signIn(page, members.master);
      await page.goto(at('/projects'));
      await toast(page, 'Access Denied', PROJECT_MESSAGES.accessDenied);
      await page.waitForURL(at('/'));
      const refused = await page.request.get(at('/api/projects'));
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(PROJECT_MESSAGES.accessDenied);
    });
  });
});
