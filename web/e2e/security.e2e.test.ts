/**
 * A member's own security in the browser: turning two-factor on from the profile's Security page
 * (codes computed here from the key the page shows, as an authenticator app would), signing in with
 * a code in another browser, and signing the other sessions out from the list; adding a passkey with
 * Chromium's virtual authenticator and signing in with it; downloading the member's data export.
 * The product is opened at localhost, as a member of the one-machine mode opens it: a passkey's
 * relying party is a domain name.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readZip } from '@crucible/test-kit';
import { seriousAxeViolations, withPage } from './harness.ts';
import {
  MEMBER_PASSWORD,
  seedMembers,
  signInThroughPage,
  startProductWithBrowser,
  testAdmin,
  type ProductWithBrowser,
  type TestMember,
} from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('security', runId);
const member: TestMember = { email: `e2e-security-${runId}-nadia@example.com`, firstName: 'Nadia', id: '' };
const passkeyMember: TestMember = { email: `e2e-security-${runId}-pavel@example.com`, firstName: 'Pavel', id: '' };
const exporter: TestMember = { email: `e2e-security-${runId}-omar@example.com`, firstName: 'Omar', id: '' };
let opened: ProductWithBrowser;

beforeAll(async () => {
  opened = await startProductWithBrowser(admin, {}, 'localhost');
  await seedMembers(opened, admin, [member, passkeyMember, exporter]);
});

afterAll(async () => {
  await opened?.stop();
});

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
function codeOf(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

async function openSecurityFromProfile(page: Page): Promise<void> {
  await page.goto(opened.at(`/profile/${member.id}`));
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
}

it('turns two-factor on, signs in elsewhere with a code, and signs the other sessions out from the list', async () => {
  let secret = '';
  await withPage(opened.browser, 'security-two-factor', async (page) => {
    await signInThroughPage(page, opened.product.url, member.email);
    await openSecurityFromProfile(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await page.getByLabel('Set-up key').textContent())!.trim();
    await page.getByLabel('Authentication code').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'I saved them' }).click();
    await page.getByText('Recovery codes left: 10.').waitFor();

    await withPage(opened.browser, 'security-second-browser', async (other) => {
      await other.goto(opened.at('/signin'));
      await other.getByLabel(/^Email/).fill(member.email);
      await other.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
      await other.getByRole('button', { name: 'Sign In' }).click();
      // The password alone opens nothing: the page asks for the code.
      await other.getByLabel('Authentication code').fill(codeOf(secret, 1));
      await other.getByRole('button', { name: 'Verify' }).click();
      await other.getByRole('button', { name: 'Sign out' }).waitFor();

      await page.reload();
      // This browser, the other one and the session the test's sign-up opened through the API.
      const sessions = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
      await expect.poll(() => sessions.count(), { timeout: 15_000 }).toBe(3);
      await page.getByRole('button', { name: 'Sign Out Other Sessions' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign Out Others' }).click();
      await page.getByText('Signed out 2 other sessions').waitFor();
      await expect.poll(() => sessions.count(), { timeout: 15_000 }).toBe(1);

      // The other browser's session is over: a reload finds it signed out.
      await other.reload();
      await other
        .getByRole('link', { name: /sign in/i })
        .first()
        .waitFor();
    });
  });
});

it('adds a passkey and signs in with it instead of a password', async () => {
  await withPage(opened.browser, 'security-passkey', async (page) => {
    // Chromium's own authenticator, as a laptop's fingerprint reader would answer; it lives with the tab.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signInThroughPage(page, opened.product.url, passkeyMember.email);
    await page.goto(opened.at('/settings/security'));
    await page.getByLabel('Passkey name').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a Passkey' }).click();
    await page.getByRole('list', { name: 'Passkeys' }).getByText('Work laptop').waitFor();
    // The passkey lives on the device, discoverable: signing in needs no e-mail.
    const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((credential) => credential.isResidentCredential)).toEqual([true]);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    // Signed out (the session ended) before the sign-in page is opened, which would send a member home.
    await page
      .getByRole('link', { name: /sign in/i })
      .first()
      .waitFor();
    await page.goto(opened.at('/signin'));
    await page.getByRole('button', { name: 'Use a Passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(opened.at('/settings/security'));
    await page
      .getByRole('list', { name: 'Passkeys' })
      .getByText(/last used/)
      .waitFor();
  });
});

it("builds the member's data export in the background and downloads it as a zip with each service's file", async () => {
  await withPage(opened.browser, 'security-data-export', async (page) => {
    await signInThroughPage(page, opened.product.url, exporter.email);
    await page.goto(opened.at('/settings/security'));
    await page.getByRole('heading', { name: 'Download my data' }).waitFor();
    await page.getByRole('button', { name: 'Export My Data' }).click();
    const download = page.getByRole('button', { name: 'Download', exact: true });
    await download.waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^crucible-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const files = readZip(Buffer.concat(chunks));
    expect([...files.keys()]).toEqual(expect.arrayContaining(['README.txt', 'account.json', 'forum.json']));
    expect(JSON.parse(files.get('account.json')!)).toMatchObject({ account: { email: exporter.email } });
    // The page keeps offering the ready export, and a new one.
    await page.getByRole('button', { name: 'Export Again' }).waitFor();
  });
});
