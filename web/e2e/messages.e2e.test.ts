/**
 * The /messages page against the real dm and admin services, started as `npm start` starts them
 * (`npx vitest run --project e2e web/e2e/messages.e2e.test.ts`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NARROW, seriousAxeViolations, withPage } from './harness.ts';
import { productWithMembers, CSRF, testAdmin, type TestMember } from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('dm', runId);

type Member = TestMember;

const members: Record<'sender' | 'receiver' | 'filler', Member> = {
  sender: { email: `e2e-dm-${runId}-sender@example.com`, firstName: 'Sam', id: '' },
  receiver: { email: `e2e-dm-${runId}-receiver@example.com`, firstName: 'Rita', id: '' },
  filler: { email: `e2e-dm-${runId}-filler@example.com`, firstName: 'Fred', id: '' },
};

// These tests send more direct messages a minute than a member may (the quota and paging tests).
const world = productWithMembers(admin, Object.values(members), { DM_SENDS_PER_MINUTE: '100000' });
const { at, signIn } = world;

async function toast(page: Page, title: string): Promise<string> {
  const snackbar = page.locator('[data-toast]').filter({ hasText: title });
  await snackbar.waitFor();
  return snackbar.innerText();
}

const thread = (page: Page, name: string) => page.getByRole('list', { name: `Messages with ${name}` });
const senderName = `${members.sender.firstName} Tester`;
const receiverName = `${members.receiver.firstName} Tester`;

describe('direct messages', () => {
  it('lets two members exchange messages, the receiver seeing the unread badge by polling', async () => {
    await withPage(world.browser, 'dm-receiver', async (receiver) => {
      await signIn(receiver, members.receiver);
      await receiver.goto(at('/messages'));
      await receiver.getByRole('heading', { name: 'Conversations' }).waitFor();

      await withPage(world.browser, 'dm-sender', async (sender) => {
        await signIn(sender, members.sender);
        await sender.goto(at('/messages'));
        await sender.getByRole('button', { name: 'New Message' }).click();
        const dialog = sender.getByRole('dialog', { name: 'Create New Message' });
        await dialog.getByRole('textbox', { name: 'Search members' }).fill(members.sender.firstName);
        await dialog.getByRole('button', { name: new RegExp(senderName) }).click();
        await toast(sender, 'Cannot select yourself');
        await dialog.getByRole('textbox', { name: 'Search members' }).fill(members.receiver.firstName);
        await dialog.getByRole('button', { name: new RegExp(receiverName) }).click();
        await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello <b>Rita</b>');
        await dialog.getByRole('button', { name: 'Send' }).click();
        await thread(sender, receiverName).getByText('Hello Rita').waitFor();
      });

      // Polling (every 60 s for the badge, 3 minutes for the list, or on focus) brings it in. The
      // badge's number is hidden from assistive technology and the link reads 'Messages, 1 unread'
      // (Playwright puts a space where the badge's inline-flex box ends: 'Messages , 1 unread').
      const nav = receiver.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: /^Messages\s*, 1 unread$/ }).waitFor({ timeout: 75_000 });
      await receiver.reload();
      await receiver
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button', { name: new RegExp(senderName) })
        .click();
      await thread(receiver, senderName).getByText('Hello Rita').waitFor();
      await nav.getByRole('link', { name: /^Messages$/ }).waitFor();
      await receiver.getByRole('textbox', { name: 'Message' }).fill('Hi Sam');
      await receiver.keyboard.press('Enter');
      await thread(receiver, senderName).getByText('Hi Sam').waitFor();
    });
  });

  it('loads older messages when the thread is scrolled to the top', async () => {
    await withPage(world.browser, 'dm-older', async (page) => {
      await signIn(page, members.sender);
      for (let index = 0; index < 60; index += 1) {
        const sent = await page.request.post(at('/api/direct-messages'), {
          headers: CSRF,
          data: { recipientId: members.receiver.id, content: `Numbered ${index}` },
        });
        expect(sent.status(), await sent.text()).toBe(201);
      }
      await page.goto(at(`/messages?with=${members.receiver.id}`));
      await thread(page, receiverName).getByText('Numbered 59').waitFor();
      expect(await page.getByText('Hello Rita').count()).toBe(0);
      await page.getByTestId('message-scroller').evaluate((element) => element.scrollTo(0, 0));
      await thread(page, receiverName).getByText('Numbered 9', { exact: true }).waitFor();
    });
  });

  it('lets the receiver report a message with r', async () => {
    await withPage(world.browser, 'dm-report', async (page) => {
      await signIn(page, members.receiver);
      await page.goto(at(`/messages?with=${members.sender.id}`));
      const message = thread(page, senderName).getByText('Numbered 59');
      await message.waitFor();
      await message.locator('xpath=ancestor::*[@data-message-id]').focus();
      await page.keyboard.press('r');
      const dialog = page.getByRole('dialog', { name: 'Report message' });
      await dialog.getByRole('button', { name: 'Submit Report' }).click();
      await dialog.getByText('Please select a report type').waitFor();
      await dialog.getByRole('radio', { name: 'Spam' }).check();
      await dialog.getByRole('button', { name: 'Submit Report' }).click();
      await toast(page, 'Report submitted successfully');
    });
  });

  it('refuses a member past the quota, after the warning toasts', async () => {
    await withPage(world.browser, 'dm-quota', async (page) => {
      await signIn(page, members.filler);
      const tenThousand = 'q'.repeat(10_000);
      for (let index = 0; index < 104; index += 1) {
        const sent = await page.request.post(at('/api/direct-messages'), {
          headers: CSRF,
          data: { recipientId: members.receiver.id, content: tenThousand },
        });
        expect(sent.status(), await sent.text()).toBe(201);
      }
      await page.goto(at(`/messages?with=${members.receiver.id}`));
      await toast(page, 'Message storage critically full');
      await page.getByRole('textbox', { name: 'Message' }).fill(tenThousand);
      await page.getByRole('button', { name: 'Send message' }).click();
      expect(await toast(page, 'Failed to send message')).toMatch(/left/);
    });
  });

  it('keeps a blocked member from writing until unblocked', async () => {
    await withPage(world.browser, 'dm-block', async (page) => {
      await signIn(page, members.receiver);
      await page.goto(at(`/messages?with=${members.sender.id}`));
      await page.getByRole('button', { name: 'Conversation options' }).click();
      await page.getByRole('menuitem', { name: `Block ${senderName}` }).click();
      await toast(page, `${senderName} is blocked`);
    });
    await withPage(world.browser, 'dm-blocked-sender', async (page) => {
      await signIn(page, members.sender);
      const refused = await page.request.post(at('/api/direct-messages'), {
        headers: CSRF,
        data: { recipientId: members.receiver.id, content: 'Still there?' },
      });
      expect(refused.status()).toBe(403);
      await page.goto(at(`/messages?with=${members.receiver.id}`));
      await page.getByRole('textbox', { name: 'Message' }).fill('Still there?');
      await page.keyboard.press('Enter');
      await toast(page, 'Failed to send message');
      expect(await thread(page, receiverName).getByText('Still there?').count()).toBe(0);
    });
    await withPage(world.browser, 'dm-unblock', async (page) => {
      await signIn(page, members.receiver);
      await page.goto(at('/messages'));
      await page
        .getByRole('region', { name: 'Blocked members' })
        .getByRole('button', { name: `Unblock ${senderName}` })
        .click();
      await toast(page, `${senderName} is unblocked`);
    });
    await withPage(world.browser, 'dm-unblocked-sender', async (page) => {
      await signIn(page, members.sender);
      await page.goto(at(`/messages?with=${members.receiver.id}`));
      // The thread is loaded (and scrolled to its end) before the member writes.
      await thread(page, receiverName).getByRole('listitem').first().waitFor();
      await page.getByRole('textbox', { name: 'Message' }).fill('Back again');
      await page.keyboard.press('Enter');
      await thread(page, receiverName).getByText('Back again').waitFor();
      const sent = await page.request.post(at('/api/direct-messages'), {
        headers: CSRF,
        data: { recipientId: members.receiver.id, content: 'And once more' },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    });
  });

  it('reads well at 360 px', async () => {
    await withPage(
      world.browser,
      'dm-narrow',
      async (page) => {
        await signIn(page, members.sender);
        for (const path of ['/messages', `/messages?with=${members.receiver.id}`]) {
          await page.goto(at(path));
          await page.getByRole('heading', { level: 2 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          expect(await seriousAxeViolations(page), path).toEqual([]);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        }
      },
      { viewport: NARROW },
    );
  });
});
