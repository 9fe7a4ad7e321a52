/**
 * The admin console against the real services, started as `npm start` starts them
 * (`npx vitest run --project e2e web/e2e/admin.e2e.test.ts`). ADMIN_SHOTS_DIR=<dir> also saves a
 * screenshot of every tab at 1280 and 360 px there.
 */
import { readFileSync } from 'node:fs';
import type { CurrentUser } from '@crucible/proto';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, NARROW, seriousAxeViolations, withPage, type Product } from './harness.ts';
import {
  CSRF,
  MEMBER_PASSWORD,
  signInThroughPage,
  signUpByApi,
  startProductWithBrowser,
  type ProductWithBrowser,
} from './members.ts';

const runId = Date.now().toString(36);
const admin = { email: `e2e-admin-${runId}-admin@example.com`, password: 'admin horse battery', id: '' };
const ADMIN_NAME = 'Alma Adminova';

interface Member {
  email: string;
  firstName: string;
  id: string;
}

const members: Record<'promoted' | 'sender' | 'receiver', Member> = {
  promoted: { email: `e2e-admin-${runId}-cora@example.com`, firstName: 'Cora', id: '' },
  sender: { email: `e2e-admin-${runId}-sender@example.com`, firstName: 'Sid', id: '' },
  receiver: { email: `e2e-admin-${runId}-receiver@example.com`, firstName: 'Rhea', id: '' },
};
const fullName = (member: Member) => `${member.firstName} Tester`;

/** Cookie-only changes must carry this header (the CSRF rule the web app's request layer follows). */

let product: Product;
let browser: Browser;
let opened: ProductWithBrowser | undefined;
const at = (path: string) => `${product.url}${path}`;
/** The sender's messages: the first is reported, the second and third are bulk-deleted. */
const sent: { id: string; content: string }[] = [];

async function expectOk(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response;
}

async function signInByApi(request: APIRequestContext, email: string, password: string): Promise<void> {
  await expectOk(await request.post(at('/api/auth/signin'), { headers: CSRF, data: { email, password } }));
}

async function seed(page: Page): Promise<void> {
  const signedIn = await expectOk(
    await page.request.post(at('/api/auth/signin'), {
      data: { email: admin.email, password: admin.password },
    }),
  );
  const adminHeaders = { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  const me = await expectOk(await page.request.get(at('/api/auth/user'), { headers: adminHeaders }));
  admin.id = ((await me.json()) as CurrentUser).id;
  const [firstName, lastName] = ADMIN_NAME.split(' ');
  await expectOk(
    await page.request.patch(at(`/api/admin/users/${admin.id}`), {
      headers: adminHeaders,
      data: { firstName, lastName },
    }),
  );
  for (const member of Object.values(members)) {
    const context = await browser.newContext();
    const { user } = await signUpByApi(context.request, at, {
      email: member.email,
      password: MEMBER_PASSWORD,
      firstName: member.firstName,
      lastName: 'Tester',
    });
    member.id = user.id;
    await context.close();
    if (member === members.promoted) continue;
    await expectOk(
      await page.request.patch(at(`/api/admin/users/${member.id}/access-level`), {
        headers: adminHeaders,
        data: { accessLevel: 'Apprentice' },
      }),
    );
  }

  const sender = await browser.newContext();
  await signInByApi(sender.request, members.sender.email, MEMBER_PASSWORD);
  for (const content of ['Buy cheap watches now', 'Second spam message', 'Third spam message']) {
    const response = await expectOk(
      await sender.request.post(at('/api/direct-messages'), {
        headers: CSRF,
        data: { recipientId: members.receiver.id, content },
      }),
      201,
    );
    sent.push({ id: ((await response.json()) as { id: string }).id, content });
  }
  await sender.close();

  const receiver = await browser.newContext();
  await signInByApi(receiver.request, members.receiver.email, MEMBER_PASSWORD);
  await expectOk(
    await receiver.request.post(at('/api/admin/message-reports'), {
      headers: CSRF,
      data: { messageId: sent[0]!.id, reportType: 'spam', reportReason: 'Selling watches' },
    }),
    201,
  );
  await receiver.close();
}

const signIn = (page: Page, email: string, password: string) => signInThroughPage(page, product.url, email, password);

async function toast(page: Page, title: string): Promise<string> {
  const snackbar = page.locator('[data-toast]').filter({ hasText: title });
  await snackbar.waitFor();
  return snackbar.innerText();
}

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name }).click();
};

describe('the admin console', () => {
  beforeAll(async () => {
    opened = await startProductWithBrowser(admin);
    ({ product, browser } = opened);
    await withPage(browser, 'admin-seed', seed);
  });

  afterAll(() => opened?.stop());

  it('shows a member below Core the Access Denied notice at /admin', async () => {
    await withPage(browser, 'admin-denied', async (page) => {
      await signIn(page, members.sender.email, MEMBER_PASSWORD);
      await page.goto(at('/admin'));
      await page.getByText('Access Denied').waitFor();
      await page.getByText('The admin console is available only to Core and Admin users.').waitFor();
      expect(await page.getByRole('tablist', { name: 'Admin sections' }).count()).toBe(0);
    });
  });

  it('raises a member to Core: their menu shows Projects on the next load and the project API answers them', async () => {
    await withPage(browser, 'admin-member', async (member) => {
      await signIn(member, members.promoted.email, MEMBER_PASSWORD);
      const nav = member.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Forums' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Projects' }).count()).toBe(0);
      expect((await member.request.get(at('/api/projects'))).status()).toBe(403);

      await withPage(browser, 'admin-raise', async (page) => {
        await signIn(page, admin.email, admin.password);
        await page.goto(at('/admin'));
        await page.getByRole('searchbox', { name: 'Search users' }).fill(members.promoted.email);
        const level = page.getByRole('combobox', { name: `Access level of ${fullName(members.promoted)}` });
        await level.click();
        await page.getByRole('option', { name: 'Core' }).click();
        await page.getByRole('dialog', { name: 'Change access level' }).getByRole('button', { name: 'Change' }).click();
        await toast(page, 'Access level updated');
      });

      await member.reload();
      // A level change may end the member's session (auth revokes it); then they sign in again.
      if (await member.getByRole('button', { name: 'Sign In' }).isVisible())
        await signIn(member, members.promoted.email, MEMBER_PASSWORD);
      await nav.getByRole('link', { name: 'Projects' }).waitFor();
      expect((await member.request.get(at('/api/projects'))).status()).toBe(200);
    });
  });

  it('resolves a report, bulk-deletes two messages, views the conversation and finds all four actions audited', async () => {
    await withPage(browser, 'admin-moderate', async (page) => {
      await signIn(page, admin.email, admin.password);
      await page.goto(at('/admin?tab=messages'));
      await page.getByRole('tab', { name: 'Reports' }).click();
      await page.getByRole('button', { name: `Resolve report by ${fullName(members.receiver)}` }).click();
      const resolveDialog = page.getByRole('dialog', { name: 'Resolve Report' });
      await resolveDialog.getByRole('textbox', { name: 'Resolution notes' }).fill('Warned the sender');
      await resolveDialog.getByRole('button', { name: 'Resolve' }).click();
      await toast(page, 'Report resolved');
      const reports = page.getByRole('table', { name: 'Message reports' });
      await reports.getByText('Resolved', { exact: true }).waitFor();
      expect(await reports.getByRole('button', { name: /^Resolve report/ }).count()).toBe(0);

      await openTab(page, 'Moderation');
      for (const message of sent.slice(1))
        await page.getByRole('checkbox', { name: `Select message: ${message.content}` }).check();
      await page.getByRole('textbox', { name: 'Reason' }).fill('Spam run');
      await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
      await page.getByRole('dialog', { name: 'Delete messages' }).getByRole('button', { name: 'Delete' }).click();
      expect(await toast(page, 'Messages deleted')).toContain('2 messages');
      await page.getByRole('button', { name: 'Delete Selected (0)' }).waitFor();

      await openTab(page, 'Messages');
      await page
        .getByRole('table', { name: 'Conversations' })
        .getByRole('row')
        .filter({ hasText: fullName(members.sender) })
        .getByRole('link', { name: /^View conversation/ })
        .click();
      await page.waitForURL(/\/admin\/conversations\/[0-9a-f-]+\/[0-9a-f-]+$/);
      // Nothing is read before the admin says why; the reason goes with the view into the audit log.
      await page.getByRole('button', { name: 'Open Conversation' }).click();
      await page.getByText('A reason for viewing this conversation is required').waitFor();
      expect(await page.getByRole('list', { name: 'Messages' }).getByRole('listitem').count()).toBe(0);
      await page.getByRole('textbox', { name: 'Reason for viewing' }).fill('Checking the spam report');
      await page.getByRole('button', { name: 'Open Conversation' }).click();
      const thread = page.getByRole('list', { name: 'Messages' });
      await thread.getByText(sent[0]!.content).waitFor();
      expect(await thread.getByText('Deleted by an admin: Spam run').count()).toBe(2);

      await page.getByRole('link', { name: 'Back to Admin' }).click();
      await openTab(page, 'Audit Logs');
      const wanted = ['user access level', 'report resolve', 'bulk delete', 'conversation view'];
      // The log is fed by events from auth, admin and dm: wait for each to arrive.
      await expect
        .poll(
          async () => {
            await page.reload();
            const table = page.getByRole('table', { name: 'Audit logs' });
            await table.waitFor();
            const rows = await table.getByRole('row').allInnerTexts();
            return wanted.filter((action) => rows.some((row) => row.includes(action) && row.includes(ADMIN_NAME)));
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toEqual(wanted);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it('reviews a reported DM and forum reply, suspends the author for a day, and finds it in the filtered audit log and its CSV', async () => {
    const title = `Quarterly plans ${runId}`;
    const rude = `You will regret this ${runId}`;
    await withPage(browser, 'admin-review-seed', async (page) => {
      const bearer = async (email: string, password = MEMBER_PASSWORD) => {
        const signedIn = await expectOk(await page.request.post(at('/api/auth/signin'), { data: { email, password } }));
        return { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
      };
      const [adminHeaders, senderHeaders, receiverHeaders] = [
        await bearer(admin.email, admin.password),
        await bearer(members.sender.email),
        await bearer(members.receiver.email),
      ];
      const message = await expectOk(
        await page.request.post(at('/api/direct-messages'), {
          headers: senderHeaders,
          data: { recipientId: members.receiver.id, content: rude },
        }),
        201,
      );
      await expectOk(
        await page.request.post(at('/api/admin/message-reports'), {
          headers: receiverHeaders,
          data: { messageId: ((await message.json()) as { id: string }).id, reportType: 'threat' },
        }),
        201,
      );
      const discussion = await expectOk(
        await page.request.post(at('/api/discussions'), {
          headers: adminHeaders,
          data: { title, content: 'What should we build next quarter?', category: 'Apprentice' },
        }),
        201,
      );
      const discussionId = ((await discussion.json()) as { id: string }).id;
      const reply = await expectOk(
        await page.request.post(at(`/api/discussions/${discussionId}/replies`), {
          headers: senderHeaders,
          data: { content: `Nothing, and watch your back ${runId}` },
        }),
        201,
      );
      await expectOk(
        await page.request.post(
          at(`/api/discussions/${discussionId}/replies/${((await reply.json()) as { id: string }).id}/report`),
          { headers: receiverHeaders, data: { reportType: 'threat', reportReason: 'A threat in the forums' } },
        ),
        201,
      );
    });

    await withPage(browser, 'admin-review', async (page) => {
      await signIn(page, admin.email, admin.password);
      await page.goto(at('/admin?tab=review-queue'));
      const author = fullName(members.sender);
      const postItem = page.getByRole('listitem', { name: `Forum post by ${author}` });
      const dmItem = page.getByRole('listitem', { name: `Direct message by ${author}` });
      // Forum reports reach the queue through forum's event: reload until it has arrived.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('list', { name: 'Review queue' }).waitFor({ state: 'attached' });
            return (await postItem.count()) + (await dmItem.filter({ hasText: rude }).count());
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(2);
      await dmItem.getByRole('button', { name: 'Show context' }).click();
      await dmItem.getByLabel('Context').getByText(rude).waitFor();
      await postItem.getByRole('button', { name: 'Show context' }).click();
      await postItem.getByRole('link', { name: `In the discussion “${title}”` }).waitFor();
      await postItem.getByText('A threat in the forums').waitFor();

      await postItem.getByRole('button', { name: `Act on Forum post by ${author}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Review Report' });
      await dialog.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'Suspend the member' }).click();
      await dialog.getByRole('spinbutton', { name: 'Days' }).fill('1');
      await dialog.getByRole('textbox', { name: 'Notes' }).fill('Threats in the forums');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await toast(page, 'Review recorded');

      await withPage(browser, 'admin-review-author', async (authorPage) => {
        await authorPage.goto(at('/signin'));
        await authorPage.getByLabel(/^Email/).fill(members.sender.email);
        await authorPage.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
        await authorPage.getByRole('button', { name: 'Sign In' }).click();
        await authorPage
          .getByText(/This account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Reason: Threats in the forums/)
          .waitFor();
        expect(await authorPage.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
      });

      await openTab(page, 'Audit Logs');
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'user suspend', exact: true }).click();
      const table = page.getByRole('table', { name: 'Audit logs' });
      // auth's action reaches the log through its event.
      await expect
        .poll(
          async () => {
            await page.getByRole('combobox', { name: 'Target member' }).click();
            await page.getByRole('option', { name: author, exact: true }).click();
            const rows = await table.getByRole('row').allInnerTexts();
            if (!rows.some((row) => row.includes('user suspend') && row.includes(author))) {
              await page.reload();
              await page.getByRole('combobox', { name: 'Action' }).click();
              await page.getByRole('option', { name: 'user suspend', exact: true }).click();
              return false;
            }
            return rows.slice(1).every((row) => row.includes('user suspend'));
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(true);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const path = await download.path();
      const csv = readFileSync(path, 'utf8');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toContain('"Action"');
      expect(lines.slice(1).length).toBeGreaterThan(0);
      expect(lines.slice(1).every((line) => line.includes('"user_suspend"') && line.includes(members.sender.id))).toBe(
        true,
      );
      expect(csv).toContain('"Threats in the forums"');

      // The author's user view, from their row in the users table: the suspension and the report.
      await openTab(page, 'Users');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(members.sender.email);
      await page.getByRole('link', { name: `User view of ${author}` }).click();
      await page.waitForURL(at(`/admin/users/${members.sender.id}`));
      await page.getByRole('heading', { level: 1, name: author }).waitFor();
      await page
        .getByLabel('Account')
        .getByText(/^Suspended until /)
        .waitFor();
      const actionsOn = page.getByRole('region', { name: 'Admin actions on this member' });
      await actionsOn.getByText(/user suspend · .* · by Alma Adminova · Threats in the forums/).waitFor();
      await actionsOn.getByText(/report resolve · .* · by Alma Adminova · Threats in the forums/).waitFor();
      const reports = page.getByRole('region', { name: 'Reports against this member' });
      await reports.getByText('Resolved: suspend · Threats in the forums').waitFor();
    });
  });

  it.runIf(process.env.ADMIN_SHOTS_DIR)('screenshots every tab at 1280 and 360 px', async () => {
    const tabs = [
      'users',
      'access-levels',
      'forums',
      'forum-mods',
      'messages',
      'moderation',
      'review-queue',
      'audit-logs',
    ];
    for (const [label, viewport] of [
      ['1280', DESKTOP],
      ['360', NARROW],
    ] as const) {
      await withPage(
        browser,
        `admin-shots-${label}`,
        async (page) => {
          await signIn(page, admin.email, admin.password);
          for (const tab of tabs) {
            await page.goto(at(`/admin?tab=${tab}`));
            await page.locator('#admin-panel').waitFor();
            await page.waitForLoadState('networkidle');
            await page.screenshot({ path: `${process.env.ADMIN_SHOTS_DIR}/${tab}-${label}.png`, fullPage: true });
          }
          for (const sub of ['Reports', 'Flags']) {
            await page.goto(at('/admin?tab=messages'));
            await page.getByRole('tab', { name: sub }).click();
            await page.waitForLoadState('networkidle');
            await page.screenshot({
              path: `${process.env.ADMIN_SHOTS_DIR}/messages-${sub}-${label}.png`,
              fullPage: true,
            });
          }
          await page.goto(at(`/admin/conversations/${members.sender.id}/${members.receiver.id}`));
          await page.getByRole('textbox', { name: 'Reason for viewing' }).fill('Screenshots');
          await page.getByRole('button', { name: 'Open Conversation' }).click();
          await page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first().waitFor();
          await page.screenshot({ path: `${process.env.ADMIN_SHOTS_DIR}/conversation-${label}.png`, fullPage: true });
        },
        { viewport },
      );
    }
  });
});
