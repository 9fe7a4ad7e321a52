/**
 * The member directory as a Journeyman uses it: the Members entry, a search by name, a tier filter,
 * the order, what each member's privacy lets them see, 'Message' only for members who take it, and
 * the way from a card to the profile and on to the conversation.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MemberDirectory } from '@crucible/proto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotDir, seriousAxeViolations, withPage } from './harness.ts';
import {
  CSRF,
  MEMBER_PASSWORD,
  seedMembers,
  signInThroughPage,
  startProductWithBrowser,
  testAdmin,
  type ProductWithBrowser,
  type TestMember,
} from './members.ts';

const runId = Date.now().toString(36);
const admin = testAdmin('members', runId);
const member = (name: string, level: TestMember['level']): TestMember => ({
  email: `e2e-members-${runId}-${name.toLowerCase()}@example.com`,
  firstName: name,
  id: '',
  level,
});
const searcher = member('Jonas', 'Journeyman');
const master = member('Mirabel', 'Master');
const quiet = member('Pia', 'Apprentice');

let opened: ProductWithBrowser;

async function tokenOf(page: Page, email: string): Promise<string> {
  const signedIn = await page.request.post(opened.at('/api/auth/signin'), {
    headers: CSRF,
    data: { email, password: MEMBER_PASSWORD },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return ((await signedIn.json()) as { token: string }).token;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `members-${name}.png`), fullPage: true });
}

/** dm learns Pia's switch from profile's event, and 'Message' follows dm: wait until it knows. */
async function untilDmKnowsPiaRefuses(page: Page): Promise<void> {
  const headers = { Authorization: `Bearer ${await tokenOf(page, searcher.email)}` };
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(opened.at('/api/members?search=Pia'), { headers });
        return ((await answer.json()) as MemberDirectory).members[0]?.canMessage;
      },
      { timeout: 15_000 },
    )
    .toBe(false);
}

const memberCards = (page: Page) => page.getByRole('list', { name: 'Members' }).getByRole('article');

beforeAll(async () => {
  opened = await startProductWithBrowser(admin);
  await seedMembers(opened, admin, [searcher, master, quiet]);
  await withPage(opened.browser, 'members-seed', async (page) => {
    const masterHeaders = { Authorization: `Bearer ${await tokenOf(page, master.email)}` };
    const profile = await page.request.patch(opened.at(`/api/users/${master.id}/profile`), {
      headers: masterHeaders,
      data: { jobTitle: 'Glassblower', currentLocation: 'Murano' },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    // Location is contact information: Core and above only, so the Journeyman must not see it.
    const masterPrivacy = await page.request.patch(opened.at(`/api/users/${master.id}/privacy`), {
      headers: masterHeaders,
      data: { contactInfoVisible: 'Core' },
    });
    expect(masterPrivacy.status(), await masterPrivacy.text()).toBe(200);
    const quietPrivacy = await page.request.patch(opened.at(`/api/users/${quiet.id}/privacy`), {
      headers: { Authorization: `Bearer ${await tokenOf(page, quiet.email)}` },
      data: { allowDirectMessages: false },
    });
    expect(quietPrivacy.status(), await quietPrivacy.text()).toBe(200);
  });
}, 300_000);

afterAll(() => opened?.stop());

describe('the member directory', () => {
  it('lets a Journeyman search, filter and order members, see what privacy allows, and open a profile to message', async () => {
    await withPage(opened.browser, 'members-journeyman', async (page) => {
      await signInThroughPage(page, opened.product.url, searcher.email);
      await untilDmKnowsPiaRefuses(page);
      await page.getByRole('navigation').getByRole('link', { name: 'Members' }).click();
      await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
      await expect.poll(() => memberCards(page).count()).toBe(4);

      await page.getByLabel('Search members').fill('Mira');
      await expect.poll(() => memberCards(page).count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('q')).toBe('Mira');
      const card = page.getByRole('article', { name: 'Mirabel Tester' });
      await card.getByText('Glassblower').waitFor();
      expect(await card.getByText('Murano').count(), 'the location is above the Journeyman’s tier').toBe(0);
      await card.getByRole('link', { name: 'Message Mirabel Tester' }).waitFor();

      await page.getByLabel('Search members').fill('');
      await expect.poll(() => memberCards(page).count()).toBe(4);
      await page.getByRole('combobox', { name: 'Tier' }).click();
      await page.getByRole('option', { name: 'Apprentice' }).click();
      await expect.poll(() => memberCards(page).count()).toBe(1);
      const quietCard = page.getByRole('article', { name: 'Pia Tester' });
      await quietCard.waitFor();
      expect(await quietCard.getByRole('link', { name: /^Message/ }).count(), 'Pia turned direct messages off').toBe(0);

      await page.getByRole('combobox', { name: 'Tier' }).click();
      await page.getByRole('option', { name: 'All tiers' }).click();
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Recent activity' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('activity');
      await expect.poll(() => memberCards(page).count()).toBe(4);

      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, '1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await shoot(page, '390');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the directory scrolls sideways at 390 px').toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page
        .getByRole('article', { name: 'Mirabel Tester' })
        .getByRole('link', { name: 'Mirabel Tester', exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Mirabel Tester' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/profile/${master.id}`);
      await page.getByRole('link', { name: 'Message Mirabel Tester' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('with')).toBe(master.id);
      expect(new URL(page.url()).pathname).toBe('/messages');
    });
  });

  it("shows no 'Message' on the profile of a member who turned direct messages off", async () => {
    await withPage(opened.browser, 'members-quiet-profile', async (page) => {
      await signInThroughPage(page, opened.product.url, searcher.email);
      await untilDmKnowsPiaRefuses(page);
      await page.goto(opened.at(`/profile/${quiet.id}`));
      await page.getByRole('heading', { level: 1, name: 'Pia Tester' }).waitFor();
      expect(await page.getByRole('link', { name: 'Message Pia Tester' }).count()).toBe(0);
    });
  });
});
