/**
 * Notification preferences between two members in two browsers, against the product as `npm start`
 * starts it (`npx vitest run --project e2e web/e2e/notification-preferences.e2e.test.ts`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NARROW, withPage } from './harness.ts';
import { productWithMembers, CSRF, testAdmin, type TestMember } from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('notification-preferences', runId);
const LIVE = { timeout: 10_000 };

const lena: TestMember = { email: `e2e-prefs-${runId}-lena@example.com`, firstName: 'Lena', id: '' };
const omar: TestMember = { email: `e2e-prefs-${runId}-omar@example.com`, firstName: 'Omar', id: '' };

const world = productWithMembers(admin, [lena, omar]);
const { at, signIn } = world;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast on screen and every chat toggle and Send button in view: none of them under the toast. */
async function expectToastClearOfControls(page: Page, text: string) {
  const toast = page.locator('[data-toast]').filter({ hasText: text });
  await toast.waitFor(LIVE);
  const toastBox = (await toast.boundingBox())!;
  const controls = [
    page.getByRole('button', { name: /community chat$/ }),
    ...(await page.getByRole('button', { name: /^Send( message)?$/ }).all()),
  ];
  expect(controls.length).toBeGreaterThanOrEqual(3);
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box, 'a control is on screen').not.toBeNull();
    expect(overlaps(toastBox, box!), `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(box)}`).toBe(false);
  }
}

async function setDirectMessages(page: Page, label: string) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications/preferences') && response.request().method() === 'PUT',
  );
  await page.getByRole('combobox', { name: 'Direct messages' }).selectOption({ label });
  expect((await saved).status()).toBe(200);
}

describe('notification preferences between two members', () => {
  it('makes no notification entry while direct messages are off, and shows them live only as a toast clear of the Send buttons', async () => {
    await withPage(world.browser, 'prefs-lena', async (lenaPage) => {
      await signIn(lenaPage, lena);
      await withPage(world.browser, 'prefs-omar', async (omarPage) => {
        await signIn(omarPage, omar);
        await omarPage.goto(at('/notifications'));
        await omarPage.getByRole('heading', { name: 'Preferences' }).waitFor();
        await setDirectMessages(omarPage, 'Off');

        const send = async (content: string) => {
          const sent = await lenaPage.request.post(at('/api/direct-messages'), {
            headers: CSRF,
            data: { recipientId: omar.id, content },
          });
          expect(sent.status(), await sent.text()).toBe(201);
        };
        await send(`while off ${runId}`);
        // The message itself arrives (the Messages badge, live); the bell stays as it was.
        await omarPage
          .getByRole('link', { name: /^Messages\s*, 1 unread$/ })
          .first()
          .waitFor(LIVE);
        await omarPage.reload();
        await omarPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
        // The page lists nothing once loaded (an entry would stand where this text is).
        await omarPage.getByText('No notifications', { exact: true }).waitFor();
        expect(await omarPage.getByRole('combobox', { name: 'Direct messages' }).inputValue()).toBe('off');

        // Back on: the next message is notified, and as the first of the conversation, so the one sent
        // while off was never stored (it would have made this entry '2 new messages').
        await setDirectMessages(omarPage, 'In notifications (kept)');
        await send(`back on ${runId}`);
        await omarPage.getByRole('button', { name: 'Notifications, 1 unread' }).click(LIVE);
        const entries = omarPage.getByRole('menu').getByRole('menuitem').filter({ hasText: 'from Lena' });
        await entries.first().waitFor(LIVE);
        expect(await entries.count()).toBe(1);
        expect(await entries.first().textContent()).toContain('New message from Lena');
        expect(await entries.first().textContent()).toContain(`back on ${runId}`);
        await omarPage.screenshot({ path: 'web/e2e/screenshots/notification-preferences.png', fullPage: true });

        // Live only: the next message is a toast, which stays clear of the chat toggle and of the
        // composer's and the chat panel's Send buttons, wide and narrow.
        await omarPage.goto(at('/notifications'));
        await setDirectMessages(omarPage, 'Live only, while the app is open');
        await omarPage.goto(at(`/messages?with=${lena.id}`));
        await omarPage.getByText(`back on ${runId}`).first().waitFor();
        await omarPage.getByRole('button', { name: 'Open community chat' }).click();
        await omarPage
          .getByRole('dialog', { name: 'Community Chat' })
          .getByText('Connected', { exact: true })
          .waitFor(LIVE);
        await send(`live only ${runId}`);
        await expectToastClearOfControls(omarPage, `live only ${runId}`);
        await omarPage.screenshot({ path: 'web/e2e/screenshots/toast-clear-wide.png' });

        await omarPage.setViewportSize(NARROW);
        await send(`live narrow ${runId}`);
        await expectToastClearOfControls(omarPage, `live narrow ${runId}`);
        await omarPage.screenshot({ path: 'web/e2e/screenshots/toast-clear-narrow.png' });
      });
    });
  });
});
