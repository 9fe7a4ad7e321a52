/**
 * The community chat panel and grouped notifications between two members in two browsers, against the
 * product as `npm start` starts it (`npx vitest run --project e2e web/e2e/chat-notifications.e2e.test.ts`).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withPage } from './harness.ts';
import { productWithMembers, CSRF, testAdmin, type TestMember } from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('chat-notifications', runId);
/** Well under every fallback poll: only the socket can be this quick. */
const LIVE = { timeout: 10_000 };

const lena: TestMember = { email: `e2e-chatn-${runId}-lena@example.com`, firstName: 'Lena', id: '' };
const omar: TestMember = { email: `e2e-chatn-${runId}-omar@example.com`, firstName: 'Omar', id: '' };

const world = productWithMembers(admin, [lena, omar]);
const { at, signIn } = world;

const panel = (page: Page) => page.getByRole('dialog', { name: 'Community Chat' });
const chatList = (page: Page) => page.getByTestId('chat-messages');

/** How far the list is from its bottom, in pixels (0: the newest message is in view). */
const distanceFromBottom = (list: Locator) =>
  list.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Open community chat' }).click();
  await panel(page).getByText('Connected', { exact: true }).waitFor(LIVE);
}

async function say(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Chat message' });
  await box.fill(text);
  await box.press('Enter');
}

describe('community chat and notifications between two members', () => {
  it('sticks to the newest message, leaves a reader who scrolled up in place, and keeps a refused text', async () => {
    await withPage(world.browser, 'chatn-lena', async (lenaPage) => {
      await signIn(lenaPage, lena);
      await lenaPage.goto(at('/'));
      await openChat(lenaPage);

      await withPage(world.browser, 'chatn-omar', async (omarPage) => {
        await signIn(omarPage, omar);
        await omarPage.goto(at('/'));
        await openChat(omarPage);

        // Enough lines to overflow the list: Lena, at the bottom, follows each one.
        for (let index = 1; index <= 7; index += 1) {
          await say(omarPage, `line ${index} ${runId}`);
          await chatList(omarPage).getByText(`line ${index} ${runId}`).waitFor(LIVE);
        }
        await chatList(lenaPage).getByText(`line 7 ${runId}`).waitFor(LIVE);
        await expect.poll(() => distanceFromBottom(chatList(lenaPage)), LIVE).toBeLessThan(24);
        expect(await chatList(lenaPage).evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);

        // Lena scrolls up to read: a new line leaves her there and a pill offers to jump down.
        await chatList(lenaPage).evaluate((element) => (element.scrollTop = 0));
        await say(omarPage, `line 8 ${runId}`);
        const pill = panel(lenaPage).getByRole('button', { name: 'New messages' });
        await pill.waitFor(LIVE);
        expect(await chatList(lenaPage).evaluate((element) => element.scrollTop)).toBeLessThan(24);
        await pill.click();
        await expect.poll(() => distanceFromBottom(chatList(lenaPage)), LIVE).toBeLessThan(24);
        await pill.waitFor({ state: 'detached' });

        // Omar goes on past the limit (10 per 10 s): the refused text stays in his box, and he is told
        // why and when he can send again.
        const alert = panel(omarPage).getByRole('alert');
        const box = omarPage.getByRole('textbox', { name: 'Chat message' });
        let refused: string | undefined;
        for (let index = 1; index <= 25 && !refused; index += 1) {
          const text = `burst ${index} ${runId}`;
          await say(omarPage, text);
          const shown = chatList(omarPage).getByText(text, { exact: true });
          await Promise.race([shown.waitFor(LIVE), alert.waitFor(LIVE)]);
          if (await alert.isVisible()) refused = text;
        }
        expect(refused).toBeDefined();
        expect(await alert.textContent()).toMatch(
          /^You are sending messages too fast\. Please wait a moment\. You can send again in \d+ s\.$/,
        );
        expect(await box.inputValue()).toBe(refused);
        expect(await panel(omarPage).getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
        expect(await chatList(lenaPage).getByText(refused!, { exact: true }).count()).toBe(0);

        // Once the wait is over, the same text goes out.
        await panel(omarPage).getByRole('button', { name: 'Send' }).click({ timeout: 15_000 });
        await chatList(lenaPage).getByText(refused!, { exact: true }).waitFor(LIVE);

        // Escape closes the panel; a line from Omar then shows a dot on Lena's closed toggle.
        await chatList(lenaPage).click();
        await lenaPage.keyboard.press('Escape');
        await panel(lenaPage).waitFor({ state: 'detached' });
        await say(omarPage, `after close ${runId}`);
        await lenaPage.getByRole('status', { name: 'New community chat messages' }).waitFor(LIVE);
      });
    });
  });

  it('groups a conversation into one notification and clears it when the conversation is read', async () => {
    await withPage(world.browser, 'chatn-notify-lena', async (lenaPage) => {
      await signIn(lenaPage, lena);
      await withPage(world.browser, 'chatn-notify-omar', async (omarPage) => {
        await signIn(omarPage, omar);
        await omarPage.goto(at('/'));
        const bell = omarPage.getByRole('button', { name: /^Notifications/ });
        await bell.waitFor();

        for (const content of ['First **note**', 'Second note', 'Third note']) {
          const sent = await lenaPage.request.post(at('/api/direct-messages'), {
            headers: CSRF,
            data: { recipientId: omar.id, content },
          });
          expect(sent.status(), await sent.text()).toBe(201);
        }
        // Three messages, one entry: the badge counts one, live.
        await omarPage.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor(LIVE);
        await bell.click();
        const entry = omarPage.getByRole('menu').getByRole('menuitem').filter({ hasText: '3 new messages from Lena' });
        await entry.waitFor(LIVE);
        expect(await entry.textContent()).toContain('Third note');
        await omarPage.keyboard.press('Escape');

        // Reading the conversation reads its notification, without touching the bell.
        await omarPage.goto(at(`/messages?with=${lena.id}`));
        await omarPage.getByText('Third note').first().waitFor();
        await omarPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor(LIVE);
        await omarPage.reload();
        await omarPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor(LIVE);
      });
    });
  });
});
