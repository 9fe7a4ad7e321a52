import type { AccessLevel, CurrentUser, Subcategory } from '@crucible/proto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts';
import { NARROW, seriousAxeViolations, withPage, type Product } from './harness.ts';
import {
  MEMBER_PASSWORD,
  signInThroughPage,
  signUpByApi,
  startProductWithBrowser,
  type ProductWithBrowser,
} from './members.ts';

/** The finish of the forum screens (toasts, narrow headers, search results, the Admin forum), each seen in the browser against the whole product. */

const runId = Date.now().toString(36);
const admin = { email: `e2e-finish-${runId}-admin@example.com`, password: 'admin horse battery' };
const journeyman = { email: `e2e-finish-${runId}-journeyman@example.com`, firstName: 'Jules' };
const ATTACHMENT = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Keep, drop, try\n') };
const title = `Retros that work ${runId}`;
const searchWord = `quorvex${runId}`;

let product: Product;
let browser: Browser;
let opened: ProductWithBrowser | undefined;
let topic: Subcategory;
let adminToken = '';

const at = (path: string) => `${product.url}${path}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function seed(page: Page): Promise<void> {
  const signedIn = await page.request.post(at('/api/auth/signin'), { data: admin });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  adminToken = ((await signedIn.json()) as { token: string }).token;

  const context = await browser.newContext();
  const { user } = await signUpByApi(context.request, at, {
    email: journeyman.email,
    password: MEMBER_PASSWORD,
    firstName: journeyman.firstName,
    lastName: 'Tester',
  });
  await context.close();
  const levelSet = await page.request.patch(at(`/api/admin/users/${user.id}/access-level`), {
    headers: bearer(adminToken),
    data: { accessLevel: 'Journeyman' satisfies AccessLevel },
  });
  expect(levelSet.status(), await levelSet.text()).toBe(200);

  const created = await page.request.post(at('/api/subcategories'), {
    headers: bearer(adminToken),
    data: { name: `Team Rituals and Other Long Topic Names ${runId}`, description: 'Habits', category: 'Journeyman' },
  });
  expect(created.status(), await created.text()).toBe(201);
  topic = (await created.json()) as Subcategory;
}

const signIn = (page: Page, email: string, password: string) => signInThroughPage(page, product.url, email, password);

const useTheme = (page: Page, theme: string) =>
  page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.theme, theme] as const);

/** Waits for a dialog's fade-in to end, so what is measured is what the member sees. */
async function dialogSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every(
      (container) => getComputedStyle(container).opacity === '1',
    ),
  );
}

/** Whether the element itself is what the pointer finds at its own centre (nothing lies over it). */
async function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return found !== null && (found === element || element.contains(found));
  });
}

/** How many text nodes on the page say this (each place a message is written counts once). */
const timesShown = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let count = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.textContent?.includes(wanted)) count += 1;
    return count;
  }, text);

beforeAll(async () => {
  opened = await startProductWithBrowser(admin);
  ({ product, browser } = opened);
  await withPage(browser, 'finish-seed', seed);
});

afterAll(() => opened?.stop());

describe('the finish of the forum screens', () => {
  let discussionId = '';

  it('shows a toast inside the dialog, off its buttons, once; then the discussion has one way back, a visible empty poll track, a readable download failure and no repeated Add Attachment', async () => {
    await withPage(browser, 'finish-dialog-toast', async (page) => {
      await useTheme(page, 'mystical');
      await signIn(page, journeyman.email, MEMBER_PASSWORD);
      await page.goto(at(`/forums?level=Journeyman&topic=${topic.id}`));
      await page.getByRole('button', { name: 'Create New Discussion' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Discussion' });
      const create = dialog.getByRole('button', { name: 'Create Discussion' });
      await create.click();
      const toast = dialog.locator('[data-toast]').filter({ hasText: 'Validation Error' });
      await toast.waitFor();
      await dialogSettled(page);
      expect(await isOnTop(create)).toBe(true);
      await create.hover();
      expect(await isOnTop(create)).toBe(true);
      expect(await timesShown(page, 'Title is required. Content is required')).toBe(1);
      expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);

      await dialog.getByLabel(/^Title/).fill(title);
      await dialog.getByLabel(/^Content/).fill(`**Retrospectives** keep a team honest: ${searchWord} and _actions_.`);
      await dialog.getByRole('button', { name: 'Attach File' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload Attachment' });
      await upload.getByLabel('File to upload').setInputFiles(ATTACHMENT);
      await upload.locator('[data-toast]').filter({ hasText: 'File uploaded successfully!' }).waitFor();
      expect(await timesShown(page, `${ATTACHMENT.name} has been uploaded.`)).toBe(1);
      await upload.waitFor({ state: 'detached', timeout: 5000 });
      await dialog.getByRole('checkbox', { name: 'Include a poll' }).check();
      await dialog.getByLabel(/^Poll question/).fill('Which format?');
      await dialog.getByLabel('Option 1').fill('Sailboat');
      await dialog.getByLabel('Option 2').fill('Starfish');
      await create.click();
      await dialog.waitFor({ state: 'detached' });
      // The dialog's own success moves on to the corner once the dialog has gone.
      await page.locator('.MuiSnackbar-root [data-toast]').filter({ hasText: 'Discussion created' }).waitFor();

      await page.getByRole('link', { name: new RegExp(title) }).click();
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      discussionId = new URL(page.url()).searchParams.get('discussion') ?? '';
      const back = page.getByRole('link', { name: `Back to ${topic.name}` });
      expect(await back.getAttribute('href')).toBe(`/forums?level=Journeyman&topic=${topic.id}`);
      await expect(page.getByRole('link', { name: /^Back to Journeyman/ }).count()).resolves.toBe(0);

      // Poll at 0%: the track is not the fill's colour, and the fill is off the track.
      const track = page.locator('.MuiLinearProgress-root').first();
      await track.waitFor();
      const colours = await track.evaluate((element) => ({
        track: getComputedStyle(element).backgroundColor,
        bar: getComputedStyle(element.querySelector('.MuiLinearProgress-bar')!).backgroundColor,
        barRight: element.querySelector('.MuiLinearProgress-bar')!.getBoundingClientRect().right,
        left: element.getBoundingClientRect().left,
      }));
      expect(colours.track).not.toBe(colours.bar);
      expect(colours.barRight).toBeLessThanOrEqual(colours.left + 1);

      // A failed download: the status line and the server's message, never raw JSON.
      await page.route(
        (url) => url.pathname.includes('/attachments/') && !url.pathname.startsWith('/api/discussions'),
        (route) =>
          route.request().resourceType() === 'fetch'
            ? route.fulfill({
                status: 404,
                contentType: 'application/json',
                body: JSON.stringify({ statusCode: 404, message: 'Attachment not found' }),
              })
            : route.continue(),
      );
      await page.getByRole('button', { name: `Download ${ATTACHMENT.name}` }).click();
      const failure = page.getByRole('alert').filter({ hasText: 'Download failed: 404' });
      await failure.waitFor();
      expect(await failure.innerText()).toContain('Attachment not found');
      expect(await failure.innerText()).not.toContain('{');
      await page.unrouteAll();

      // Two replies of one's own: no 'Add Attachment' button under each, one small control in each header.
      const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken);
      for (const content of ['First own reply', 'Second own reply']) {
        const posted = await page.request.post(at(`/api/discussions/${discussionId}/replies`), {
          headers: bearer(token ?? ''),
          data: { content },
        });
        expect(posted.status(), await posted.text()).toBe(201);
      }
      await page.reload();
      const replies = page.getByRole('list', { name: 'Replies' });
      await replies.getByText('Second own reply').waitFor();
      await expect(replies.getByRole('button', { name: 'Add Attachment', exact: true }).count()).resolves.toBe(0);
      await expect(replies.getByRole('button', { name: 'Add attachment to your reply' }).count()).resolves.toBe(2);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it('keeps the discussion header short at 360 px: one line of breadcrumbs and the way back to the topic', async () => {
    expect(discussionId).not.toBe('');
    await withPage(
      browser,
      'finish-narrow-discussion',
      async (page) => {
        await signIn(page, journeyman.email, MEMBER_PASSWORD);
        await page.goto(at(`/forums?level=Journeyman&topic=${topic.id}&discussion=${discussionId}`));
        await page.getByRole('heading', { level: 2, name: title }).waitFor();
        const crumbs = page.getByRole('navigation', { name: 'Forum location' });
        const lineHeight = await crumbs.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
        expect((await crumbs.boundingBox())!.height).toBeLessThan(lineHeight * 1.6);
        const back = page.getByRole('link', { name: `Back to ${topic.name}` });
        const reply = page.getByRole('button', { name: 'Reply', exact: true });
        // The actions sit on one row, so the discussion starts near the top.
        expect(Math.abs((await back.boundingBox())!.y - (await reply.boundingBox())!.y)).toBeLessThan(4);
        const heading = await page.getByRole('heading', { level: 2, name: title }).boundingBox();
        expect(heading!.y).toBeLessThan(NARROW.height / 2);

        // The toast inside a full-screen dialog leaves its main button free too.
        await reply.click();
        const dialog = page.getByRole('dialog');
        const post = dialog.getByRole('button', { name: 'Post Reply' });
        await dialog.getByLabel(/^Your reply/).fill('x'.repeat(3));
        await page.route(`**/api/discussions/${discussionId}/replies`, (route) =>
          route.request().method() === 'POST'
            ? route.fulfill({
                status: 403,
                contentType: 'application/json',
                body: JSON.stringify({ statusCode: 403, message: 'Discussion is locked' }),
              })
            : route.continue(),
        );
        await post.click();
        await dialog.locator('[data-toast]').filter({ hasText: 'Error' }).waitFor();
        await dialogSettled(page);
        expect(await isOnTop(post)).toBe(true);
      },
      { viewport: NARROW },
    );
  });

  it('shows search results as their own view: plain-text snippets from the first word, the theme highlight, and a way back', async () => {
    await withPage(browser, 'finish-search', async (page) => {
      await signIn(page, journeyman.email, MEMBER_PASSWORD);
      await page.goto(at('/forums'));
      await page.getByRole('heading', { level: 2, name: 'Forum Categories' }).waitFor();
      await page.getByLabel('Search discussions').fill(`retrospectives ${searchWord}`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: /^Search results for/ }).waitFor();
      await expect(page.getByRole('heading', { name: 'Forum Categories' }).count()).resolves.toBe(0);
      const result = page.getByRole('listitem').filter({ hasText: title }).first();
      await result.waitFor();
      const snippet = await result.locator('p').first().innerText();
      expect(snippet).toMatch(/^Retrospectives keep a team honest/);
      expect(snippet).not.toMatch(/[*_]{1,2}\w/);
      const mark = result.locator('mark').first();
      const markColours = await mark.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(markColours).not.toBe('rgb(255, 255, 0)');
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Back from search' }).click();
      await page.getByRole('heading', { level: 2, name: 'Forum Categories' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 2, name: /^Search results for/ }).waitFor();
    });
  });

  it('gives an admin a forum for Admin-level discussions, and one Admin chip', async () => {
    const created = await (
      await browser.newContext()
    ).request.post(at('/api/discussions'), {
      headers: bearer(adminToken),
      data: {
        title: `Admins only ${runId}`,
        content: 'Seen by admins.',
        category: 'Admin',
        subcategoryId: null,
        includePoll: false,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await withPage(browser, 'finish-admin-forum', async (page) => {
      await signIn(page, admin.email, admin.password);
      const user = (await (await page.request.get(at('/api/auth/user'))).json()) as CurrentUser;
      const chips = await page.locator('header .MuiChip-label').allInnerTexts();
      expect(chips.filter((chip) => /Admin$/.test(chip.trim()))).toHaveLength(1);
      expect(user.isAdmin).toBe(true);

      await page.goto(at('/forums'));
      await page.getByRole('link', { name: /Admin Forums/ }).click();
      await page.getByRole('link', { name: /All Admin discussions/ }).click();
      await page.getByRole('link', { name: new RegExp(`Admins only ${runId}`) }).waitFor();
    });
  });
});
