/**
 * Screenshots of every screen at 1280 and 360 px in every theme, with an axe check of each:
 * `npm run screenshots -w web` (or `npm run screenshots`). Starts the product as the browser tests
 * do (its own database and ports), seeds a Journeyman with a topic, a discussion, a poll and a
 * reply (and visits the admin console and projects as the admin), then writes web/e2e/screenshots/gallery/{theme}/{width}/{screen}.png (git-ignored) and
 * prints the serious and critical accessibility violations found; exits non-zero when there are any.
 * THEMES=mystical,light and WIDTHS=360 narrow the run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CurrentUser, DiscussionDetail, Subcategory } from '@crucible/proto';
import type { Page } from 'playwright-core';
import { freePort } from '@crucible/test-kit';
import {
  DESKTOP,
  launchBrowser,
  NARROW,
  repoRoot,
  screenshotDir,
  seriousAxeViolations,
  startProduct,
} from '../e2e/harness.ts';
import { signInThroughPage, signUpByApi } from '../e2e/members.ts';
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts';
import { THEME_NAMES } from '../src/features/theme/theme-names.ts';

const runId = Date.now().toString(36);
const admin = { email: `shots-${runId}-admin@example.com`, password: 'admin horse battery' };
const member = { email: `shots-${runId}-member@example.com`, password: 'correct horse battery' };
const themes = (process.env.THEMES?.split(',') ?? [...THEME_NAMES]).filter(Boolean);
const widths = (process.env.WIDTHS?.split(',').map(Number) ?? [DESKTOP.width, NARROW.width]).filter(Boolean);
const outDir = join(screenshotDir, 'gallery');

interface Seeded {
  userId: string;
  adminId: string;
  topic: Subcategory;
  discussionId: string;
}

async function seed(page: Page, at: (path: string) => string): Promise<Seeded> {
  const adminSignIn = await page.request.post(at('/api/auth/signin'), { data: admin });
  const adminAuth = { Authorization: `Bearer ${((await adminSignIn.json()) as { token: string }).token}` };
  const adminUser = (await (
    await page.request.get(at('/api/auth/user'), { headers: adminAuth })
  ).json()) as CurrentUser;
  const { user } = await signUpByApi(page.request, at, { ...member, firstName: 'Morgan', lastName: 'Reyes' });
  await page.request.patch(at(`/api/admin/users/${user.id}/access-level`), {
    headers: adminAuth,
    data: { accessLevel: 'Journeyman' },
  });
  const topic = (await (
    await page.request.post(at('/api/subcategories'), {
      headers: adminAuth,
      data: { name: 'Team Rituals', description: 'Retrospectives, stand-ups and habits', category: 'Journeyman' },
    })
  ).json()) as Subcategory;
  const signIn = await page.request.post(at('/api/auth/signin'), { data: member });
  const auth = { Authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
  const discussion = (await (
    await page.request.post(at('/api/discussions'), {
      headers: auth,
      data: {
        title: 'How do you run retrospectives?',
        content: 'Share the format your team uses, and **why** it works.\n\n- Start, stop, continue\n- Sailboat',
        subcategoryId: topic.id,
        includePoll: true,
        pollQuestion: 'Which format works best?',
        pollOptions: ['Start, stop, continue', 'Sailboat'],
      },
    })
  ).json()) as DiscussionDetail;
  await page.request.post(at(`/api/discussions/${discussion.id}/replies`), {
    headers: auth,
    data: { content: 'We use the sailboat: wind, anchors, rocks and the island.' },
  });
  return { userId: user.id, adminId: adminUser.id, topic, discussionId: discussion.id };
}

type Viewer = 'visitor' | 'member' | 'admin';

const ADMIN_TABS = ['users', 'access-levels', 'forums', 'forum-mods', 'messages', 'moderation', 'audit-logs'];

function screens(seeded: Seeded): { name: string; path: string; as: Viewer }[] {
  return [
    { name: 'landing', path: '/', as: 'visitor' },
    { name: 'signin', path: '/signin', as: 'visitor' },
    { name: 'signup', path: '/signup', as: 'visitor' },
    { name: 'forgot-password', path: '/forgot-password', as: 'visitor' },
    { name: 'reset-password', path: '/reset-password?token=abc', as: 'visitor' },
    { name: 'dashboard', path: '/', as: 'member' },
    { name: 'forums', path: '/forums', as: 'member' },
    { name: 'forum-topics', path: '/forums?level=Journeyman', as: 'member' },
    { name: 'forum-discussions', path: `/forums?level=Journeyman&topic=${seeded.topic.id}`, as: 'member' },
    {
      name: 'forum-discussion',
      path: `/forums?level=Journeyman&topic=${seeded.topic.id}&discussion=${seeded.discussionId}`,
      as: 'member',
    },
    { name: 'forum-search', path: '/forums?q=retrospectives', as: 'member' },
    { name: 'messages', path: '/messages', as: 'member' },
    { name: 'profile', path: `/profile/${seeded.userId}`, as: 'member' },
    { name: 'profile-edit', path: `/profile/${seeded.userId}/edit`, as: 'member' },
    { name: 'not-found', path: '/no-such-page', as: 'member' },
    { name: 'projects', path: '/projects', as: 'admin' },
    ...ADMIN_TABS.map((tab) => ({ name: `admin-${tab}`, path: `/admin?tab=${tab}`, as: 'admin' as const })),
    { name: 'admin-conversation', path: `/admin/conversations/${seeded.adminId}/${seeded.userId}`, as: 'admin' },
  ];
}

const credentials = { member, admin } as const;

async function main(): Promise<void> {
  execFileSync('npm', ['run', 'build:web-if-stale', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  const product = await startProduct({
    port: await freePort(),
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, RATE_LIMIT_SIGNIN_PER_IP: '10000' },
  });
  const browser = await launchBrowser();
  const at = (path: string) => `${product.url}${path}`;
  const problems: string[] = [];
  try {
    const seedContext = await browser.newContext();
    const seeded = await seed(await seedContext.newPage(), at);
    await seedContext.close();

    for (const theme of themes) {
      for (const width of widths) {
        const viewport = width === NARROW.width ? NARROW : { ...DESKTOP, width };
        const context = await browser.newContext({ viewport });
        await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
          STORAGE_KEYS.theme,
          theme,
        ] as const);
        const page = await context.newPage();
        let viewer: Viewer = 'visitor';
        // Screens come grouped by viewer: visitors first, then the member, then the admin.
        for (const screen of screens(seeded)) {
          if (screen.as !== viewer && screen.as !== 'visitor') {
            if (viewer !== 'visitor') {
              // Forget the member (the theme comes back with the init script on the next page).
              await context.clearCookies();
              await page.evaluate(() => {
                localStorage.clear();
                sessionStorage.clear();
              });
            }
            await signInThroughPage(page, product.url, credentials[screen.as].email, credentials[screen.as].password);
            viewer = screen.as;
          }
          await page.goto(at(screen.path));
          await page.waitForLoadState('networkidle');
          await page.evaluate(() => document.fonts.ready);
          const dir = join(outDir, theme, String(width));
          mkdirSync(dir, { recursive: true });
          await page.screenshot({ path: join(dir, `${screen.name}.png`), fullPage: true });
          const violations = await seriousAxeViolations(page);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (overflow > 0) violations.push(`scrolls sideways by ${overflow} px`);
          for (const violation of violations) problems.push(`${theme} ${width}px ${screen.name}: ${violation}`);
          console.log(
            `${theme} ${width}px ${screen.name}: ${violations.length === 0 ? 'ok' : `${violations.length} problems`}`,
          );
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await product.stop();
  }
  console.log(`screenshots: ${outDir}`);
  console.log(`serious-or-critical-violations: ${problems.length}`);
  for (const problem of problems) console.log(`  ${problem}`);
  if (problems.length > 0) process.exitCode = 1;
}

await main();
