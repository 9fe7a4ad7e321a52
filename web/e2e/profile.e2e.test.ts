/**
 * The profile pages against the real profile service, started by the launcher as `npm start` does
 * (`npx vitest run --project e2e web/e2e/profile.e2e.test.ts`).
 */
import type { CurrentUser, DiscussionDetail } from '@crucible/proto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withPage } from './harness.ts';
import { productWithMembers, CSRF, testAdmin, type TestMember } from './members.ts';

// A cookie-only state change must carry the CSRF header (proto CSRF_HEADER_NAME), as the web app's request layer does.

const runId = Date.now().toString(36);
const admin = testAdmin('profile', runId);
// A valid 1 x 1 PNG: the service checks the bytes and re-encodes, so it must be a real image.
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

type Member = TestMember;

const members: Record<'owner' | 'peer' | 'newcomer', Member> = {
  owner: { email: `e2e-profile-${runId}-owner@example.com`, firstName: 'Olga', level: 'Master', id: '' },
  peer: { email: `e2e-profile-${runId}-peer@example.com`, firstName: 'Pia', level: 'Master', id: '' },
  newcomer: { email: `e2e-profile-${runId}-new@example.com`, firstName: 'Nils', level: 'Apprentice', id: '' },
};

const world = productWithMembers(admin, Object.values(members));
const { at, signIn } = world;

async function toast(page: Page, title: string): Promise<void> {
  await page.locator('[data-toast]').filter({ hasText: title }).waitFor();
}

describe('profile pages', () => {
  it('lets a member fill every tab, upload a picture and save', async () => {
    await withPage(world.browser, 'profile-edit', async (page) => {
      await signIn(page, members.owner);
      await page.goto(at(`/profile/${members.owner.id}/edit`));
      await page.getByTestId('picture-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
      await page.getByRole('button', { name: 'Remove Picture' }).waitFor();
      await page.getByRole('textbox', { name: 'Preferred name' }).fill('Ollie');
      await page.getByRole('textbox', { name: 'Job title' }).fill('Smith');
      await page.getByRole('textbox', { name: 'Birthday' }).fill('04/12');
      await page.getByRole('tab', { name: 'Contact' }).click();
      await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 555 0100');
      await page.getByRole('textbox', { name: 'Current location' }).fill('Lisbon');
      await page.getByRole('tab', { name: 'Experience' }).click();
      await page.getByRole('button', { name: 'Add Experience' }).click();
      await page.getByRole('textbox', { name: /Company name/ }).fill('Forge Ltd');
      await page.getByRole('tab', { name: 'Education' }).click();
      await page.getByRole('button', { name: 'Add Education' }).click();
      await page.getByRole('textbox', { name: /Institution/ }).fill('Guild School');
      await page.getByRole('tab', { name: 'Bio & Mission' }).click();
      await page.getByRole('textbox', { name: 'Bio' }).fill('I shape metal.');
      await page.getByRole('tab', { name: 'Story' }).click();
      await page.getByRole('textbox', { name: 'Personal story' }).fill('Started at the anvil.');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Profile updated');
      await page.waitForURL(at(`/profile/${members.owner.id}`));
      await page.getByText('Forge Ltd').waitFor();
      await page.getByText('Started at the anvil.').waitFor();
      const avatar = page.getByRole('img', { name: 'Olga Tester' }).first();
      expect(await avatar.getAttribute('src')).not.toMatch(/^data:/);
    });
  });

  it('keeps the stored work history and education when their load fails: Retry shows and saving waits', async () => {
    await withPage(world.browser, 'profile-list-load-fails', async (page) => {
      await signIn(page, members.owner);
      const listPath = /\/api\/users\/[^/]+\/(workplaces|education)$/;
      let failing = true;
      await page.route(listPath, (route) =>
        failing && route.request().method() === 'GET'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' })
          : route.continue(),
      );
      await page.goto(at(`/profile/${members.owner.id}/edit`));
      await page.getByRole('textbox', { name: 'Preferred name' }).fill('Wiper');
      await page.getByRole('tab', { name: 'Experience' }).click();
      await page.getByText('Your work experience could not be loaded. Saving is disabled until it loads.').waitFor();
      expect(await page.getByText('No work experience added yet').count()).toBe(0);
      await page.getByRole('tab', { name: 'Education' }).click();
      await page.getByText('Your education could not be loaded. Saving is disabled until it loads.').waitFor();
      expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
      await page.getByText('Saving is disabled until your work experience and education loads.').waitFor();

      // A client that never loaded the lists is refused by the service too.
      const blind = await page.request.put(at(`/api/users/${members.owner.id}/profile-form`), {
        headers: CSRF,
        data: { profile: {}, workplaces: { entries: [] }, education: { entries: [] } },
      });
      expect(blind.status(), await blind.text()).toBe(409);

      failing = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('group', { name: 'Education 1' }).waitFor();
      await page.getByRole('tab', { name: 'Experience' }).click();
      await page.getByText('Your work experience could not be loaded', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('group', { name: 'Experience 1' }).waitFor();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Profile updated');
      const work = (await (await page.request.get(at(`/api/users/${members.owner.id}/workplaces`))).json()) as {
        companyName: string;
      }[];
      const schools = (await (await page.request.get(at(`/api/users/${members.owner.id}/education`))).json()) as {
        institution: string;
      }[];
      expect(work.map((entry) => entry.companyName)).toEqual(['Forge Ltd']);
      expect(schools.map((entry) => entry.institution)).toEqual(['Guild School']);
    });
  });

  it('saves a 1.9 MB picture the page accepts', async () => {
    // Noise does not compress: a PNG of about 1.9 MB, under the 2 MB limit.
    const width = 790;
    const noise = Buffer.alloc(width * 800 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width, height: 800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(1.8 * 1024 * 1024);
    expect(png.length).toBeLessThan(2 * 1024 * 1024);
    await withPage(world.browser, 'profile-big-picture', async (page) => {
      await signIn(page, members.peer);
      await page.goto(at(`/profile/${members.peer.id}/edit`));
      await page.getByTestId('picture-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('button', { name: 'Remove Picture' }).waitFor();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Profile updated');
      const me = (await (await page.request.get(at('/api/auth/user'))).json()) as CurrentUser;
      expect(me.profileImageUrl).toMatch(/^\/api\/profile-pictures\/[a-f0-9]{64}\.webp$/);
    });
  });

  it("shows no edit controls on another member's profile, and its edit route refuses", async () => {
    await withPage(world.browser, 'profile-others-controls', async (page) => {
      await signIn(page, members.peer);
      await page.goto(at(`/profile/${members.owner.id}`));
      await page.getByRole('heading', { name: 'Olga Tester' }).waitFor();
      await page.getByRole('region', { name: 'Skills & Expertise' }).waitFor();
      expect(await page.getByRole('link', { name: 'Edit Profile' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Add Skill/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await page.goto(at(`/profile/${members.owner.id}/edit`));
      await page.getByText('You can only edit your own profile').waitFor();
      expect(await page.getByRole('tab').count()).toBe(0);
    });
  });

  it('shows the new picture beside the member’s forum post, from the post, with no profile request', async () => {
    let discussionId = '';
    let picture = '';
    await withPage(world.browser, 'profile-picture-post', async (page) => {
      await signIn(page, members.owner);
      picture = ((await (await page.request.get(at('/api/auth/user'))).json()) as CurrentUser).profileImageUrl ?? '';
      expect(picture).not.toBe('');
      const posted = await page.request.post(at('/api/discussions'), {
        headers: CSRF,
        data: { title: 'Forging notes', content: 'Hot iron.', category: 'Master' },
      });
      expect(posted.status(), await posted.text()).toBe(201);
      discussionId = ((await posted.json()) as DiscussionDetail).id;
      // profile -> auth -> the forum's users replica: the picture arrives by events.
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(at(`/api/discussions/${discussionId}`))).json()) as DiscussionDetail).author
              ?.profileImageUrl,
          { timeout: 15_000 },
        )
        .toBe(picture);
    });
    await withPage(world.browser, 'profile-picture-reader', async (page) => {
      await signIn(page, members.peer);
      const profileReads: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/users\/[^/]+\/profile$/.test(new URL(request.url()).pathname)) profileReads.push(request.url());
      });
      await page.goto(at(`/forums?discussion=${discussionId}`));
      await page.getByRole('heading', { name: 'Forging notes' }).waitFor();
      await page.locator(`img[src="${picture}"]`).first().waitFor();
      expect(profileReads).toEqual([]);
    });
  });

  it('shows the private notices to a lower-tier member', async () => {
    await withPage(world.browser, 'profile-private', async (page) => {
      await signIn(page, members.owner);
      const saved = await page.request.patch(at(`/api/users/${members.owner.id}/privacy`), {
        headers: CSRF,
        data: { skillsVisible: 'Master', leadershipProgressVisible: 'Master' },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    });
    await withPage(world.browser, 'profile-private-viewer', async (page) => {
      await signIn(page, members.newcomer);
      await page.goto(at(`/profile/${members.owner.id}`));
      await page.getByText('Skills and expertise are private').waitFor();
      await page.getByText('Leadership progress is private').waitFor();
      expect(await page.getByText('Profile Completeness').count()).toBe(0);
    });
  });

  it('lets another member endorse a skill, once', async () => {
    let skillId = '';
    await withPage(world.browser, 'profile-skill', async (page) => {
      await signIn(page, members.owner);
      const added = await page.request.post(at(`/api/users/${members.owner.id}/skills`), {
        headers: CSRF,
        data: {
          skillName: 'Forging',
          proficiencyLevel: 4,
          category: 'Technical',
          alchemicalSymbol: '🔥',
          yearsExperience: 9,
        },
      });
      expect(added.status(), await added.text()).toBe(201);
      skillId = ((await added.json()) as { id: string }).id;
    });
    await withPage(world.browser, 'profile-endorse', async (page) => {
      await signIn(page, members.peer);
      await page.goto(at(`/profile/${members.owner.id}`));
      await page.getByRole('button', { name: 'Endorse' }).click();
      await toast(page, 'Skill endorsed');
      const endorsed = page.getByRole('button', { name: 'Endorsed' });
      await endorsed.waitFor();
      expect(await endorsed.isDisabled()).toBe(true);
      await page.getByText('1 endorsement', { exact: false }).waitFor();
      const again = await page.request.post(at(`/api/skills/${skillId}/endorsements`), { headers: CSRF, data: {} });
      expect(again.status(), await again.text()).toBe(409);
      expect(await again.text()).toContain('You have already endorsed this skill');
    });
  });
});
