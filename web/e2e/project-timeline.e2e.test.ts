/**
 * The project timeline and task conversation against the product as `npm start` starts it
 * (`npx vitest run --project e2e web/e2e/project-timeline.e2e.test.ts`): the Gantt draws start-to-due
 * bars with an arrow from a prerequisite to its dependent, a bar dragged with the mouse keeps its new
 * days after a reload, and a comment mentioning a member notifies that member, whose notification opens
 * the task.
 */
import { type NotificationDetail, type Project, type Task, type TaskComment } from '@crucible/proto';
import { describe, expect, it } from 'vitest';
import { withPage } from './harness.ts';
import { productWithMembers, CSRF, testAdmin, type TestMember } from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('project-timeline', runId);

const cora: TestMember = { email: `e2e-ptl-${runId}-cora@example.com`, firstName: 'Cora', id: '', level: 'Core' };
const nia: TestMember = { email: `e2e-ptl-${runId}-nia@example.com`, firstName: 'Nia', id: '', level: 'Core' };

const world = productWithMembers(admin, [cora, nia]);
const { at, signIn } = world;

const pad = (value: number) => String(value).padStart(2, '0');
/** The local day `offset` days from today, as YYYY-MM-DD (the page's days are the member's). */
function localDay(offset: number): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The timeline's window: 7 days back to 30 forward. */
const WINDOW_DAYS = 37;

describe('project timeline and task conversation', () => {
  it('draws bars with an arrow, keeps a dragged bar’s days after a reload, and notifies a mentioned member', async () => {
    await withPage(world.browser, 'ptl-cora', async (page) => {
      await signIn(page, cora);
      const post = async <T>(path: string, data: unknown): Promise<T> => {
        const response = await page.request.post(at(path), { headers: CSRF, data });
        expect(response.status(), await response.text()).toBe(201);
        return (await response.json()) as T;
      };
      const project = await post<Project>('/api/projects', { title: `Timeline ${runId}`, description: 'd' });
      const design = await post<Task>(`/api/projects/${project.id}/tasks`, {
        title: 'Design',
        startDate: localDay(-2),
        dueDate: localDay(1),
        assignees: [cora.id],
      });
      const build = await post<Task>(`/api/projects/${project.id}/tasks`, {
        title: 'Build',
        startDate: localDay(3),
        dueDate: localDay(6),
        prerequisites: [design.id],
      });

      await page.goto(at(`/projects?project=${project.id}`));
      await page.getByRole('tab', { name: 'Gantt' }).click();
      const gantt = page.getByRole('figure', { name: 'Gantt timeline' });
      const buildBar = gantt.getByTestId(`gantt-bar-${build.id}`);
      await buildBar.waitFor();
      expect(await gantt.getByTestId(`gantt-bar-${design.id}`).getAttribute('aria-roledescription')).toBe('bar');
      expect(await buildBar.getAttribute('aria-roledescription')).toBe('bar');
      await gantt.locator(`[data-testid="gantt-arrow"][data-from="${design.id}"][data-to="${build.id}"]`).waitFor({
        state: 'attached',
      });
      // Four days from its start to the end of its due day: the bar is about four days wide.
      const trackWidth = await gantt.getByTestId('gantt-today').evaluate((line) => line.parentElement!.clientWidth);
      const dayPx = trackWidth / WINDOW_DAYS;
      const box = (await buildBar.boundingBox())!;
      expect(box.width / dayPx).toBeCloseTo(4, 0);

      // Drag the bar three days later with the mouse; the page sends both days in one update.
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.url().endsWith(`/api/tasks/${build.id}`),
      );
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.down();
      for (let step = 1; step <= 6; step += 1) await page.mouse.move(box.x + box.width / 2 + (step * 3 * dayPx) / 6, y);
      await page.mouse.up();
      expect((await saved).status()).toBe(200);

      await page.reload();
      await page.getByRole('tab', { name: 'Gantt' }).click();
      const moved = page.getByRole('figure', { name: 'Gantt timeline' }).getByTestId(`gantt-bar-${build.id}`);
      await expect.poll(() => moved.getAttribute('data-start')).toBe(localDay(6));
      expect(await moved.getAttribute('data-due')).toBe(localDay(9));
      const stored = (await (await page.request.get(at(`/api/tasks/${build.id}`))).json()) as Task;
      expect([stored.startDate, stored.dueDate]).toEqual([localDay(6), localDay(9)]);

      // A comment on Design (opened by its shared link) mentioning Nia, picked from the '@' list.
      await page.goto(at(`/projects?project=${project.id}&task=${design.id}`));
      const dialog = page.getByRole('dialog', { name: 'Edit Task' });
      const box2 = dialog.getByRole('textbox', { name: 'Add a comment' });
      await box2.pressSequentially('Ready for review @Ni');
      await page.getByRole('menuitem', { name: '@Nia Tester' }).click();
      await box2.pressSequentially('please look');
      await dialog.getByRole('button', { name: 'Comment', exact: true }).click();
      await dialog
        .getByRole('list', { name: 'Comments' })
        .getByText('Ready for review @Nia Tester please look')
        .waitFor();
      const comments = (await (await page.request.get(at(`/api/tasks/${design.id}/comments`))).json()) as TaskComment[];
      expect(comments.map((comment) => comment.mentions)).toEqual([[nia.id]]);
      // The history shows in the same dialog.
      await dialog
        .getByRole('list', { name: 'Task history' })
        .getByText(/created the task 'Design'/)
        .waitFor();
    });

    await withPage(world.browser, 'ptl-nia', async (page) => {
      await signIn(page, nia);
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(at('/api/notifications'))).json()) as NotificationDetail[]).map(
              (notification) => [notification.type, notification.title],
            ),
          { timeout: 15_000 },
        )
        .toContainEqual(['mention', 'Cora Tester mentioned you on "Design"']);
      await page.goto(at('/'));
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const entry = page
        .getByRole('menu')
        .getByRole('menuitem')
        .filter({ hasText: 'Cora Tester mentioned you on "Design"' });
      await entry.click();
      // The notification opens the task it is about, with the comment.
      const dialog = page.getByRole('dialog', { name: 'Edit Task' });
      await dialog
        .getByRole('list', { name: 'Comments' })
        .getByText('Ready for review @Nia Tester please look')
        .waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Design');
    });
  });
});
