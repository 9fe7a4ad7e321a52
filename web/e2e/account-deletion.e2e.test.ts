/**
 * A member deletes their own account from the Security page, confirming with a passkey (Chromium's
 * virtual authenticator) instead of the password, and, once the grace period is over (a few seconds
 * here, seven days by default, as the page says), cannot sign in.
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
  // Opened at localhost, as passkeys need (WebAuthn takes host names, not IP addresses).
  opened = await startProductWithBrowser(
    admin,
    { ACCOUNT_DELETION_GRACE_DAYS: String(GRACE_SECONDS / 86_400), ACCOUNT_ERASURE_INTERVAL_SECONDS: '1' },
    'localhost',
  );
  await seedMembers(opened, admin, [member]);
});

afterAll(async () => {
  await opened?.stop();
});

it('deletes their account with a passkey, is signed out, and cannot sign in once it is erased', async () => {
  await withPage(opened.browser, 'account-deletion', async (page) => {
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signInThroughPage(page, opened.product.url, member.email);
    await page.goto(opened.at('/settings/security'));
    const section = page.getByRole('region', { name: 'Delete account' });
    // The configured period, not the default.
    await section.getByText(`After ${GRACE_SECONDS} seconds it is deleted for good`, { exact: false }).waitFor();
    await page.getByLabel('Passkey name').fill('Phone');
    await page.getByRole('button', { name: 'Add a Passkey' }).click();
    await page.getByRole('list', { name: 'Passkeys' }).getByText('Phone').waitFor();

    await section.getByRole('button', { name: 'Use a passkey instead' }).click();
    await section.getByLabel(/^Confirm by typing DELETE/).fill('DELETE');
    await section.getByRole('button', { name: 'Confirm with a passkey' }).click();
    await page.getByText(/Your account is deactivated and will be deleted on /).waitFor();

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
