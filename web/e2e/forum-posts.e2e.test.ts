/**
 * The discussion page as members use it every day: a Journeyman author edits and deletes their
 * posts and watches their discussion, a Master reader cannot touch the author's posts, and the
 * admin moderates in the thread (lock, edit history, delete with a reason).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DiscussionDetail, Reply } from '@crucible/proto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotDir, seriousAxeViolations, withPage } from './harness.ts';
import {
  CSRF,
  MEMBER_PASSWORD,
  seedMembers,
  signInThroughPage,
  startProductWithBrowser,
  testAdmin,
  type ProductWithBrowser,
  type TestMember,
} from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('forum-posts', runId);
const author: TestMember = {
  email: `e2e-forum-posts-${runId}-author@example.com`,
  firstName: 'Joan',
  id: '',
  level: 'Journeyman',
};
const reader: TestMember = {
  email: `e2e-forum-posts-${runId}-reader@example.com`,
  firstName: 'Lena',
  id: '',
  level: 'Master',
};
const title = `Stand-ups that stay short ${runId}`;

let opened: ProductWithBrowser;
let discussionId = '';
let readerReplyId = '';
let authorReplyId = '';

/** A member's bearer token, for seeding posts through the API. */
async function tokenOf(page: Page, email: string, password = MEMBER_PASSWORD): Promise<string> {
  const signedIn = await page.request.post(opened.at('/api/auth/signin'), { headers: CSRF, data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return ((await signedIn.json()) as { token: string }).token;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `forum-posts-${name}.png`), fullPage: true });
}

const openDiscussion = async (page: Page) => {
  await page.goto(opened.at(`/forums?discussion=${discussionId}`));
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
};

const replyItem = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Replies' }).getByRole('listitem').filter({ hasText: text });

beforeAll(async () => {
  opened = await startProductWithBrowser(admin);
  await seedMembers(opened, admin, [author, reader]);
  await withPage(opened.browser, 'forum-posts-seed', async (page) => {
    const authorHeaders = { Authorization: `Bearer ${await tokenOf(page, author.email)}` };
    const created = await page.request.post(opened.at('/api/discussions'), {
      headers: authorHeaders,
      data: { title, content: 'Fifteen minutes, standing, three questions.', category: 'Journeyman' },
    });
    expect(created.status(), await created.text()).toBe(201);
    discussionId = ((await created.json()) as DiscussionDetail).id;
    const readerHeaders = { Authorization: `Bearer ${await tokenOf(page, reader.email)}` };
    const readerReply = await page.request.post(opened.at(`/api/discussions/${discussionId}/replies`), {
      headers: readerHeaders,
      data: { content: 'We walk the board instead of going person by person.' },
    });
    readerReplyId = ((await readerReply.json()) as Reply).id;
    const authorReply = await page.request.post(opened.at(`/api/discussions/${discussionId}/replies`), {
      headers: authorHeaders,
      data: { content: 'A typo I will take back.' },
    });
    authorReplyId = ((await authorReply.json()) as Reply).id;
  });
}, 300_000);

afterAll(() => opened?.stop());

describe('posts in the discussion page', () => {
  it('lets the author watch, edit and delete their own posts, and not the reader’s', async () => {
    await withPage(opened.browser, 'forum-posts-author', async (page) => {
      await signInThroughPage(page, opened.product.url, author.email);
      await openDiscussion(page);
      // The starter watches their own discussion from the start; the toggle follows the server.
      const watch = page.getByRole('button', { name: 'Watching' });
      expect(await watch.getAttribute('aria-pressed')).toBe('true');
      await watch.click();
      await page.getByRole('button', { name: 'Watch', exact: true }).waitFor();
      await openDiscussion(page);
      expect(await page.getByRole('button', { name: 'Watch', exact: true }).getAttribute('aria-pressed')).toBe('false');

      await page.getByRole('button', { name: 'Discussion actions' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit discussion' });
      await dialog.getByLabel(/^Content/).fill('Ten minutes, standing, the board decides the order.');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Ten minutes, standing, the board decides the order.').waitFor();
      await page
        .getByRole('article')
        .getByText(/edited/)
        .waitFor();

      // The reader's reply offers the author a quoted reply and its link, nothing to change it.
      await replyItem(page, 'We walk the board')
        .getByRole('button', { name: /Actions for the reply/ })
        .click();
      expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Reply with quote', 'Copy link']);
      await page.keyboard.press('Escape');

      await replyItem(page, 'A typo I will take back')
        .getByRole('button', { name: /Actions for the reply/ })
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this reply?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.locator(`#reply-${authorReplyId}`).getByText('This reply was deleted').waitFor();
      await page.getByRole('heading', { name: 'Replies (1)' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, 'author-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await shoot(page, 'author-390');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the discussion scrolls sideways at 390 px').toBeLessThanOrEqual(0);
    });
  });

  it('lets the admin lock the discussion, read its edit history and delete the reader’s reply with a reason', async () => {
    await withPage(opened.browser, 'forum-posts-admin', async (page) => {
      await signInThroughPage(page, opened.product.url, admin.email, admin.password);
      await openDiscussion(page);
      await page.getByRole('button', { name: 'Moderate' }).click();
      await page.getByRole('menuitem', { name: 'Lock' }).click();
      await page.getByText('This discussion is locked').waitFor();

      await page.getByRole('button', { name: 'Discussion actions' }).click();
      await page.getByRole('menuitem', { name: 'Edit history' }).click();
      const history = page.getByRole('dialog', { name: 'Edit history' });
      await history.getByText('Fifteen minutes, standing, three questions.').waitFor();
      expect(await history.innerText()).toContain('Replaced by Joan Tester');
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });

      await replyItem(page, 'We walk the board')
        .getByRole('button', { name: /Actions for the reply/ })
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this reply?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.getByText("Give a reason for deleting another member's post").waitFor();
      await confirm.getByLabel(/^Reason/).fill('Please keep it on topic');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.locator(`#reply-${readerReplyId}`).getByText('This reply was deleted').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, 'admin-1280');
    });
  });

  it('shows the author the lock and keeps them from editing or replying', async () => {
    await withPage(opened.browser, 'forum-posts-locked', async (page) => {
      await signInThroughPage(page, opened.product.url, author.email);
      await openDiscussion(page);
      await page.getByText('This discussion is locked').waitFor();
      expect(await page.getByRole('button', { name: 'Reply', exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Discussion actions' }).click();
      expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Delete', 'Copy link']);
    });
  });

  it('marks what is new since the reader’s last visit and opens a link to a reply at that reply', async () => {
    await withPage(opened.browser, 'forum-posts-new', async (page) => {
      await signInThroughPage(page, opened.product.url, reader.email);
      await openDiscussion(page);
      await page.getByRole('list', { name: 'Replies' }).waitFor();
      expect(await page.getByRole('separator').filter({ hasText: 'New' }).count()).toBe(0);

      const adminHeaders = { Authorization: `Bearer ${await tokenOf(page, admin.email, admin.password)}` };
      const posted = await page.request.post(opened.at(`/api/discussions/${discussionId}/replies`), {
        headers: adminHeaders,
        data: { content: 'A note from the moderators.' },
      });
      expect(posted.status(), await posted.text()).toBe(201);
      const newReplyId = ((await posted.json()) as Reply).id;

      await page.goto(opened.at('/forums?level=Journeyman&topic=all'));
      await page.getByRole('link', { name: new RegExp(title) }).waitFor();
      await page.getByText('1 new').waitFor();
      await openDiscussion(page);
      await page.locator(`#reply-${newReplyId}`).getByRole('separator').filter({ hasText: 'New' }).waitFor();

      await page.goto(opened.at(`/forums?discussion=${discussionId}&reply=${newReplyId}`));
      const linked = page.locator(`#reply-${newReplyId}`);
      await linked.waitFor();
      expect(await linked.getAttribute('aria-current')).toBe('true');
      await page.waitForFunction((id) => document.activeElement?.id === id, `reply-${newReplyId}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
});
