import type { AccessLevel, DiscussionDetail, Subcategory } from '@crucible/proto';
import type { Browser, Page } from 'playwright-core';
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

const runId = Date.now().toString(36);
const admin = { email: `e2e-forums-${runId}-admin@example.com`, password: 'admin horse battery' };
const ATTACHMENT = {
  name: 'retro-agenda.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('1. What went well\n2. What to change\n'),
};

interface Member {
  email: string;
  firstName: string;
  level: AccessLevel;
}

const members = {
  journeyman: { email: `e2e-forums-${runId}-journeyman@example.com`, firstName: 'Joan', level: 'Journeyman' },
  master: { email: `e2e-forums-${runId}-master@example.com`, firstName: 'Marcus', level: 'Master' },
  apprentice: { email: `e2e-forums-${runId}-apprentice@example.com`, firstName: 'April', level: 'Apprentice' },
} satisfies Record<string, Member>;

let product: Product;
let browser: Browser;
let opened: ProductWithBrowser | undefined;
let topic: Subcategory;

const at = (path: string) => `${product.url}${path}`;

/** Signs up each member, has the admin give them their level and opens a Journeyman topic, all through the API. */
async function seedForum(page: Page): Promise<void> {
  const signedIn = await page.request.post(at('/api/auth/signin'), { data: admin });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const adminHeaders = { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };

  for (const member of Object.values(members)) {
    const context = await browser.newContext();
    const { user } = await signUpByApi(context.request, at, {
      email: member.email,
      password: MEMBER_PASSWORD,
      firstName: member.firstName,
      lastName: 'Tester',
    });
    await context.close();
    const levelSet = await page.request.patch(at(`/api/admin/users/${user.id}/access-level`), {
      headers: adminHeaders,
      data: { accessLevel: member.level },
    });
    expect(levelSet.status(), await levelSet.text()).toBe(200);
  }

  const created = await page.request.post(at('/api/subcategories'), {
    headers: adminHeaders,
    data: {
      name: `Team Rituals ${runId}`,
      description: 'Retrospectives, stand-ups and the habits of good teams',
      category: 'Journeyman',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  topic = (await created.json()) as Subcategory;
}

/** Signs in through the form after the level was set, so the session carries the member's level. */
const signIn = (page: Page, member: Member) => signInThroughPage(page, product.url, member.email);

/** The toast with this title; found by its place, as an open dialog hides the rest of the page from the accessibility tree. */
async function toast(page: Page, title: string): Promise<string> {
  const snackbar = page.locator('[data-toast]').filter({ hasText: title });
  await snackbar.waitFor();
  return snackbar.innerText();
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await seriousAxeViolations(page), where).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Waits for a dialog's fade-in to end: axe measures contrast on what is painted, half-faded colours included. */
async function dialogOpened(page: Page): Promise<void> {
  await page.getByRole('dialog').last().waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every(
      (container) => getComputedStyle(container).opacity === '1',
    ),
  );
}

beforeAll(async () => {
  opened = await startProductWithBrowser(admin);
  ({ product, browser } = opened);
  await withPage(browser, 'forums-seed', seedForum);
});

afterAll(() => opened?.stop());

describe('forums', () => {
  let discussionId = '';
  const title = `How do you run retrospectives? ${runId}`;

  it('lets a Journeyman create a discussion with a poll and an attachment', async () => {
    await withPage(browser, 'forums-create', async (page) => {
      await signIn(page, members.journeyman);
      await page.goto(at('/forums'));
      await page.getByRole('heading', { level: 2, name: 'Forum Categories' }).waitFor();
      expect(await page.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
        'Journeyman Forums',
        'Apprentice Forums',
      ]);
      await expectAccessible(page, 'categories');

      await page.getByRole('link', { name: /Journeyman Forums/ }).click();
      await page.getByRole('link', { name: new RegExp(topic.name) }).click();
      await page.getByText('No discussions in this topic yet. Be the first to start a conversation!').waitFor();
      await expectAccessible(page, 'empty topic');

      await page.getByRole('button', { name: 'Create New Discussion' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Discussion' });
      await dialog.getByRole('button', { name: 'Create Discussion' }).click();
      expect(await toast(page, 'Validation Error')).toContain('Title is required. Content is required');
      await dialog.getByRole('alert').filter({ hasText: 'Title is required. Content is required' }).waitFor();

      await dialog.getByLabel(/^Title/).fill(title);
      await dialog.getByLabel(/^Content/).fill('Share the format your team uses, and **why** it works.');
      expect(await dialog.getByLabel(/^Access level/).inputValue()).toBe('Journeyman');

      await dialog.getByRole('button', { name: 'Attach File' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload Attachment' });
      await upload.getByLabel('File to upload').setInputFiles(ATTACHMENT);
      expect(await toast(page, 'File uploaded successfully!')).toContain(`${ATTACHMENT.name} has been uploaded.`);
      await upload.getByText(`Upload complete: ${ATTACHMENT.name}`).waitFor();
      // The success shows for 2 seconds, then the upload dialog closes by itself.
      await upload.waitFor({ state: 'detached', timeout: 5000 });
      await dialog.getByRole('list', { name: 'Attached files' }).getByText(ATTACHMENT.name).waitFor();

      await dialog.getByRole('checkbox', { name: 'Include a poll' }).check();
      await dialog.getByLabel(/^Poll question/).fill('Which format works best?');
      await dialog.getByLabel('Option 1').fill('Start, stop, continue');
      await dialog.getByLabel('Option 2').fill('Sailboat');
      await dialogOpened(page);
      await expectAccessible(page, 'create discussion dialog');
      await dialog.getByRole('button', { name: 'Create Discussion' }).click();
      await toast(page, 'Discussion created');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: new RegExp(title.replace(/[?]/g, '\\?')) }).click();
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      discussionId = new URL(page.url()).searchParams.get('discussion') ?? '';
      expect(discussionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await page.locator('.forum-content strong').innerText()).toBe('why');
      await page.getByRole('button', { name: `Download ${ATTACHMENT.name}` }).waitFor();
      await page.getByRole('heading', { level: 3, name: 'Which format works best?' }).waitFor();
      await page.getByText('No replies yet. Be the first to respond!').waitFor();
      const crumbs = await page
        .getByRole('navigation', { name: 'Forum location' })
        .getByRole('listitem')
        .allInnerTexts();
      expect(crumbs).toEqual(['Forums', 'Journeyman Forums', topic.name, title]);
      await expectAccessible(page, 'discussion');
    });
  });

  it('lets a Master reply to it', async () => {
    expect(discussionId).not.toBe('');
    await withPage(browser, 'forums-reply', async (page) => {
      await signIn(page, members.master);
      await page.goto(at(`/forums?discussion=${discussionId}`));
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Post Reply' }).click();
      await dialog.getByText('Reply content is required').waitFor();
      await dialog.getByLabel(/^Your reply/).fill('We use the sailboat: wind, anchors, rocks and the island.');
      await dialog.getByRole('button', { name: 'Post Reply' }).click();
      await dialog.waitFor({ state: 'detached' });
      const replies = page.getByRole('list', { name: 'Replies' });
      await replies.getByText('We use the sailboat').waitFor();
      expect(await replies.getByRole('listitem').first().innerText()).toContain('Marcus Tester');
    });
  });

  it('keeps one search box, in the URL, that takes a second search and follows Back', async () => {
    await withPage(browser, 'forums-search-twice', async (page) => {
      await signIn(page, members.journeyman);
      await page.goto(at('/forums'));
      const box = page.getByRole('search').getByLabel('Search discussions');
      await box.fill('retrospectives');
      await box.press('Enter');
      await page.getByRole('heading', { name: 'Search results for “retrospectives”' }).waitFor();
      await page
        .getByRole('link', { name: new RegExp(title.replace(/[?]/g, '\\?')) })
        .first()
        .waitFor();
      expect(await page.getByRole('search').count(), 'one search form after a search').toBe(1);

      await box.fill('sailboat');
      await box.press('Enter');
      await page.getByRole('heading', { name: 'Search results for “sailboat”' }).waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBe('sailboat');
      expect(await page.getByRole('search').count()).toBe(1);

      await page.goBack();
      await page.getByRole('heading', { name: 'Search results for “retrospectives”' }).waitFor();
      expect(await box.inputValue(), 'the box shows the search the URL holds').toBe('retrospectives');
    });
  });

  it('lets the Journeyman vote and download the file under its own name', async () => {
    await withPage(browser, 'forums-vote-download', async (page) => {
      await signIn(page, members.journeyman);
      await page.goto(at(`/forums?discussion=${discussionId}`));
      await page.getByRole('list', { name: 'Replies' }).getByText('We use the sailboat').waitFor();

      const sailboat = page.getByRole('button', { name: 'Vote for Sailboat' });
      await sailboat.click();
      await page.waitForFunction(
        () => document.querySelector('[aria-label="Vote for Sailboat"]')?.getAttribute('aria-pressed') === 'true',
      );
      await page.getByText('1 vote in total. You voted for Sailboat').waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Download ${ATTACHMENT.name}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(ATTACHMENT.name);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(ATTACHMENT.buffer.toString('utf8'));

      const detail = (await (
        await page.request.get(at(`/api/discussions/${discussionId}`))
      ).json()) as DiscussionDetail;
      expect(detail.poll?.userVote).toBe(detail.poll?.options.find((option) => option.text === 'Sailboat')?.id);
    });
  });

  it('lets the Journeyman upvote the Master’s reply, and the count stays after a reload', async () => {
    await withPage(browser, 'forums-upvote-reply', async (page) => {
      await signIn(page, members.journeyman);
      await page.goto(at(`/forums?discussion=${discussionId}`));
      const reply = page
        .getByRole('list', { name: 'Replies' })
        .getByRole('listitem')
        .filter({ hasText: 'We use the sailboat' });
      await reply.getByRole('button', { name: 'Upvote' }).click();
      const pressed = reply.getByRole('button', { name: 'Remove upvote' });
      await pressed.waitFor();
      expect(await pressed.getAttribute('aria-pressed')).toBe('true');
      expect(await pressed.innerText()).toBe('1');
      // The discussion is the Journeyman's own: its votes are shown, not offered.
      expect(await page.getByRole('article').getByRole('button', { name: 'Upvote' }).isDisabled()).toBe(true);

      await page.reload();
      const afterReload = page
        .getByRole('list', { name: 'Replies' })
        .getByRole('listitem')
        .filter({ hasText: 'We use the sailboat' })
        .getByRole('button', { name: 'Remove upvote' });
      await afterReload.waitFor();
      expect(await afterReload.innerText()).toBe('1');
    });
  });

  it('keeps the Journeyman discussion from an Apprentice, even by its deep link', async () => {
    await withPage(browser, 'forums-apprentice', async (page) => {
      await signIn(page, members.apprentice);
      await page.goto(at('/forums'));
      await page.getByRole('heading', { level: 2, name: 'Forum Categories' }).waitFor();
      expect(await page.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Apprentice Forums']);

      await page.goto(at(`/forums?discussion=${discussionId}`));
      await page.getByRole('heading', { level: 2, name: 'Discussion not found' }).waitFor();
      await expect(page.getByText(title).count()).resolves.toBe(0);
      expect((await page.request.get(at(`/api/discussions/${discussionId}`))).status()).toBe(404);
    });
  });

  it('reads well at 360 px, in the light theme too', async () => {
    await withPage(
      browser,
      'forums-narrow',
      async (page) => {
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
          STORAGE_KEYS.theme,
          'light',
        ] as const);
        await signIn(page, members.journeyman);
        for (const path of [
          '/forums',
          `/forums?level=Journeyman&topic=${topic.id}`,
          `/forums?discussion=${discussionId}`,
        ]) {
          await page.goto(at(path));
          await page.getByRole('heading', { level: 2 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await expectAccessible(page, `${path} at ${NARROW.width} px`);
        }
        await page.getByRole('button', { name: 'Reply', exact: true }).click();
        await dialogOpened(page);
        await expectAccessible(page, `reply dialog at ${NARROW.width} px`);
      },
      { viewport: NARROW },
    );
  });
});
