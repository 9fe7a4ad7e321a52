/**
 * A member deletes their own account from the Security page and, once the grace period is over (a
 * few seconds here, seven days by default), cannot sign in.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withPage } from './harness.ts';
import {
  MEMBER_PASSWORD,
  seedMembers,
  signInThroughPage,
  startProductWithBrowser,
  testAdmin,
  type ProductWithBrowser,
  type TestMember,
} from './members.ts';

const GRACE_SECONDS = 3;
const runId = Date.now().toString(36);
const admin = testAdmin('deletion', runId);
const member: TestMember = { email: `e2e-deletion-${runId}-omar@example.com`, firstName: 'Omar', id: '' };
let opened: ProductWithBrowser;

beforeAll(async () => {
  opened = await startProductWithBrowser(admin, {
    ACCOUNT_DELETION_GRACE_DAYS: String(GRACE_SECONDS / 86_400),
    ACCOUNT_ERASURE_INTERVAL_SECONDS: '1',
  });
  await seedMembers(opened, admin, [member]);
});

afterAll(async () => {
  await opened?.stop();
});

it('deletes their account from the Security page, is signed out, and cannot sign in once it is erased', async () => {
  await withPage(opened.browser, 'account-deletion', async (page) => {
    await signInThroughPage(page, opened.product.url, member.email);
    await page.goto(opened.at('/settings/security'));
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByText(/After 7 days it is deleted for good/).waitFor();
    await section.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
    await section.getByLabel(/^Confirm by typing DELETE/).fill('DELETE');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText(/Your account is deactivated and will be deleted in 7 days/).waitFor();

    // The grace period ends and auth's pass erases the account: the admin's list no longer has it.
    const signedIn = await page.request.post(opened.at('/api/auth/signin'), { data: admin });
    const adminHeaders = { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
    await expect
      .poll(
        async () => {
          const found = await page.request.get(
            opened.at(`/api/admin/users?search=${encodeURIComponent(member.email)}`),
            { headers: adminHeaders },
          );
          return ((await found.json()) as { total: number }).total;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(0);

    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
  });
});
