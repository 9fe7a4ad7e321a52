/**
 * The e-mail summary between two members in two browsers, against the product as `npm start` starts
 * it with no SMTP, so mails land in the dev mailbox
 * (`npx vitest run --project e2e web/e2e/email-digest.e2e.test.ts`).
 */
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withPage } from './harness.ts';
import { productWithMembers, CSRF, testAdmin, type TestMember } from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('email-digest', runId);
const SUBJECT = /^While you were away/;

const lena: TestMember = { email: `e2e-digest-${runId}-lena@example.com`, firstName: 'Lena', id: '' };
const omar: TestMember = { email: `e2e-digest-${runId}-omar@example.com`, firstName: 'Omar', id: '' };

// The summary's pass every second, so the test waits seconds, not a minute.
const world = productWithMembers(admin, [lena, omar], { REALTIME_DIGEST_INTERVAL_MS: '1000' });
const { at, signIn } = world;

async function chooseSummary(page: Page, label: string) {
  await page.goto(at('/notifications'));
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications/preferences') && response.request().method() === 'PUT',
  );
  await page.getByRole('combobox', { name: 'E-mail summary of unread messages and mentions' }).selectOption({ label });
  expect((await saved).status()).toBe(200);
}

async function send(page: Page, to: TestMember, content: string) {
  const sent = await page.request.post(at('/api/direct-messages'), {
    headers: CSRF,
    data: { recipientId: to.id, content },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

async function summariesTo(page: Page, member: TestMember) {
  const mailbox = await page.request.get(at('/api/auth/dev-mailbox'), { headers: { accept: 'application/json' } });
  expect(mailbox.status(), await mailbox.text()).toBe(200);
  const mails = (await mailbox.json()) as { to: string; subject: string; text: string }[];
  return mails.filter((mail) => mail.to === member.email.toLowerCase() && SUBJECT.test(mail.subject));
}

describe('the e-mail summary of what a member missed', () => {
  it('mails a member who has been away, not one who is here, and its link unsubscribes without signing in', async () => {
    const database = new pg.Pool({ connectionString: world.product.databaseUrl, max: 1 });
    try {
      await withPage(world.browser, 'digest-lena', async (lenaPage) => {
        await signIn(lenaPage, lena);
        await chooseSummary(lenaPage, 'After 15 minutes away');
        await withPage(world.browser, 'digest-omar', async (omarPage) => {
          await signIn(omarPage, omar);
          await chooseSummary(omarPage, 'After 15 minutes away');
          await send(omarPage, lena, `for Lena ${runId}`);
        });
        // Omar's tab is closed: he is away. Lena's stays open.
        await send(lenaPage, omar, `for Omar ${runId}`);
        await lenaPage.goto(at('/'));
        await lenaPage.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 10_000 });
        // Both were last seen 20 minutes ago, as if that long had passed; Lena's open socket still
        // counts as here.
        await expect
          .poll(async () => {
            const updated = await database.query(
              `UPDATE realtime.member_last_seen SET last_seen_at = now() - interval '20 minutes'
                WHERE user_id = ANY($1::uuid[])`,
              [[lena.id, omar.id]],
            );
            return updated.rowCount;
          })
          .toBe(2);

        await expect.poll(async () => (await summariesTo(lenaPage, omar)).length, { timeout: 20_000 }).toBe(1);
        const [mail] = await summariesTo(lenaPage, omar);
        expect(mail!.text).toContain(`for Omar ${runId}`);
        expect(await summariesTo(lenaPage, lena)).toEqual([]);

        // The link, opened in a browser that is not signed in.
        const link = /\S+\/notifications\/unsubscribe\?token=\S+/.exec(mail!.text)?.[0];
        expect(link).toBeDefined();
        await withPage(world.browser, 'digest-link', async (page) => {
          await page.goto(at(new URL(link!).pathname + new URL(link!).search));
          await page.getByRole('button', { name: 'Stop e-mail summaries' }).click();
          await page.getByText('You will get no more e-mail summaries.').waitFor();
          await page.screenshot({ path: 'web/e2e/screenshots/digest-unsubscribed.png' });
        });
        const { rows } = await database.query<{ email_digest: string }>(
          `SELECT email_digest FROM realtime.notification_preferences WHERE user_id = $1`,
          [omar.id],
        );
        expect(rows).toEqual([{ email_digest: 'off' }]);
        // Still one summary: the pass never mails a member twice for the same messages.
        expect(await summariesTo(lenaPage, omar)).toHaveLength(1);
      });
    } finally {
      await database.end();
    }
  });
});
