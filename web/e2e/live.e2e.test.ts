/**
 * The live layer between two members in two browsers, against the product as `npm start` starts it
 * (`npx vitest run --project e2e web/e2e/live.e2e.test.ts`). Every wait here is far shorter than the
 * fallback polls (60 s for the badges, 30 s for the online list): what arrives, arrives over the socket.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withPage } from './harness.ts';
import { productWithMembers, CSRF, testAdmin, type TestMember } from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('live', runId);
/** Well under every fallback poll: only the socket can be this quick. */
const LIVE = { timeout: 10_000 };

type Member = TestMember;

const lena: Member = { email: `e2e-live-${runId}-lena@example.com`, firstName: 'Lena', id: '' };
const omar: Member = { email: `e2e-live-${runId}-omar@example.com`, firstName: 'Omar', id: '' };
const fullName = (member: Member) => `${member.firstName} Tester`;

const world = productWithMembers(admin, [lena, omar]);
const { at, signIn } = world;

const thread = (page: Page, member: Member) => page.getByRole('list', { name: `Messages with ${fullName(member)}` });
const onlineList = (page: Page) => page.getByRole('list', { name: 'Members online' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the live layer between two members', () => {
  it('delivers DMs, typing, reads, chat, presence and notifications without a reload', async () => {
    await withPage(world.browser, 'live-lena', async (lenaPage) => {
      await signIn(lenaPage, lena);
      await lenaPage.goto(at('/'));

      await withPage(world.browser, 'live-omar', async (omarPage) => {
        await signIn(omarPage, omar);
        await omarPage.goto(at('/'));

        // Presence: each dashboard lists the other, live.
        await onlineList(lenaPage).getByText(omar.firstName, { exact: true }).waitFor(LIVE);
        await onlineList(omarPage).getByText(lena.firstName, { exact: true }).waitFor(LIVE);

        // Lena writes the first message; Omar, on his dashboard, sees both badges change live.
        await lenaPage.goto(at('/messages'));
        await lenaPage.getByRole('button', { name: 'New Message' }).click();
        const dialog = lenaPage.getByRole('dialog', { name: 'Create New Message' });
        await dialog.getByRole('textbox', { name: 'Search members' }).fill(omar.firstName);
        await dialog.getByRole('button', { name: new RegExp(fullName(omar)) }).click();
        await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello Omar, live');
        await dialog.getByRole('button', { name: 'Send' }).click();
        await thread(lenaPage, omar).getByText('Hello Omar, live').waitFor();
        await thread(lenaPage, omar)
          .getByText(/^· Sent$/)
          .waitFor();

        await nav(omarPage)
          .getByRole('link', { name: /^Messages\s*, 1 unread$/ })
          .waitFor(LIVE);
        await omarPage.getByRole('button', { name: /^Notifications, 1 unread$/ }).waitFor(LIVE);

        // The notification opens the conversation: Lena sees the read receipt with its time.
        await omarPage.getByRole('button', { name: /^Notifications, 1 unread$/ }).click();
        await omarPage.getByRole('menu').getByRole('menuitem').filter({ hasText: lena.firstName }).first().click();
        await omarPage.waitForURL((url) => url.pathname === '/messages' && url.search.includes(lena.id));
        await thread(omarPage, lena).getByText('Hello Omar, live').waitFor();
        await omarPage.getByText('Live: connected').waitFor(LIVE);
        await lenaPage.getByText('Live: connected').waitFor(LIVE);
        await thread(lenaPage, omar)
          .getByText(/^· Read \d{2}:\d{2}$/)
          .waitFor(LIVE);

        // Omar types: Lena sees it; he sends: she has the message and the indicator goes.
        const typing = lenaPage.getByText(`${fullName(omar)} is typing...`);
        const omarComposer = omarPage.getByRole('textbox', { name: 'Message' });
        await omarComposer.pressSequentially('Hi Lena');
        await typing.waitFor(LIVE);
        await omarComposer.press('Enter');
        await thread(lenaPage, omar).getByText('Hi Lena').waitFor(LIVE);
        await typing.waitFor({ state: 'hidden', ...LIVE });

        // Community chat: both open the panel; what Lena says, Omar sees.
        for (const page of [lenaPage, omarPage]) {
          await page.getByRole('button', { name: 'Open community chat' }).click();
          await page
            .getByRole('dialog', { name: 'Community Chat' })
            .getByText('Connected', { exact: true })
            .waitFor(LIVE);
        }
        const line = `Hello everyone ${runId}`;
        const lenaChat = lenaPage.getByRole('textbox', { name: 'Chat message' });
        await lenaChat.fill(line);
        await lenaChat.press('Enter');
        await omarPage.getByRole('dialog', { name: 'Community Chat' }).getByText(line).waitFor(LIVE);

        // Back on her dashboard Lena still sees Omar online, until his tab closes.
        await lenaPage.goto(at('/'));
        await onlineList(lenaPage).getByText(omar.firstName, { exact: true }).waitFor(LIVE);
      });

      await onlineList(lenaPage)
        .getByText(omar.firstName, { exact: true })
        .waitFor({ state: 'detached', ...LIVE });
    });
  });

  it('asks before deleting, and an edit or a deletion reaches the partner live; the thread reads like a chat', async () => {
    await withPage(world.browser, 'live-edit-lena', async (lenaPage) => {
      await signIn(lenaPage, lena);
      for (const content of ['Typo mesage', 'Delete me soon']) {
        const sent = await lenaPage.request.post(at('/api/direct-messages'), {
          headers: CSRF,
          data: { recipientId: omar.id, content },
        });
        expect(sent.status(), await sent.text()).toBe(201);
      }

      await withPage(world.browser, 'live-edit-omar', async (omarPage) => {
        await signIn(omarPage, omar);
        await omarPage.goto(at(`/messages?with=${lena.id}`));
        const omarThread = thread(omarPage, lena);
        await omarThread.getByText('Delete me soon').waitFor();
        // The partner's name from the first moment, a day separator and the unread divider above
        // the first message that was unread on opening (it stays after reading marked it read).
        await omarPage.getByRole('heading', { level: 2, name: fullName(lena) }).waitFor();
        await omarThread.getByRole('separator', { name: 'Today' }).waitFor();
        await omarThread.getByRole('separator', { name: 'Unread' }).waitFor();
        const order = await omarThread.evaluate((list) =>
          [...list.querySelectorAll('[role=separator], [data-message-id]')]
            .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
            .map((element) => element.getAttribute('aria-label')?.split(',')[0] ?? ''),
        );
        expect(order[0]).toBe('Today');
        expect(order.slice(-3)).toEqual(['Unread', fullName(lena), fullName(lena)]);
        await omarPage.getByText('Live: connected').waitFor(LIVE);

        await lenaPage.goto(at(`/messages?with=${omar.id}`));
        const lenaThread = thread(lenaPage, omar);
        await lenaThread.getByText('Typo mesage').waitFor();

        // Edit: Lena fixes the typo; Omar sees the new text marked edited, without a reload.
        const typo = lenaThread.locator('[data-message-id]').filter({ hasText: 'Typo mesage' });
        await typo.getByRole('button', { name: 'Edit message' }).click();
        const editor = lenaThread.getByRole('textbox', { name: 'Edit message' });
        await editor.fill('Typo message, fixed');
        await editor.press('Enter');
        await lenaThread.getByText('Typo message, fixed').waitFor();
        await omarThread.getByText('Typo message, fixed').waitFor(LIVE);
        await omarThread
          .locator('[data-message-id]')
          .filter({ hasText: 'Typo message, fixed' })
          .getByText(/edited/)
          .waitFor();

        // Delete asks first: the Delete key opens the question, Cancel keeps the message.
        const doomed = lenaThread.locator('[data-message-id]').filter({ hasText: 'Delete me soon' });
        await doomed.focus();
        await lenaPage.keyboard.press('Delete');
        const ask = lenaPage.getByRole('dialog', { name: 'Delete message?' });
        await ask.getByRole('button', { name: 'Cancel' }).click();
        await ask.waitFor({ state: 'hidden' });
        expect(await doomed.count()).toBe(1);
        await doomed.getByRole('button', { name: 'Delete message' }).click();
        await ask.getByRole('button', { name: 'Delete' }).click();
        await doomed.waitFor({ state: 'detached' });
        // Omar's open thread and his conversation list drop it live.
        await omarThread.getByText('Delete me soon').waitFor({ state: 'detached', ...LIVE });
        await omarPage.getByRole('list', { name: 'Conversations' }).getByText('Typo message, fixed').waitFor(LIVE);
        // LIVE_SHOTS_DIR=/some/folder keeps what both members saw, to look at.
        if (process.env.LIVE_SHOTS_DIR) {
          await omarPage.screenshot({ path: `${process.env.LIVE_SHOTS_DIR}/edit-delete-partner.png` });
          await lenaPage.screenshot({ path: `${process.env.LIVE_SHOTS_DIR}/edit-delete-sender.png` });
        }
      });
    });
  });
});
