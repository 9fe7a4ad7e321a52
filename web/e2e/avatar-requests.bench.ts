/**
 * `npx tsx web/e2e/avatar-requests.bench.ts`: the requests a forum discussion page makes in Chromium,
 * against the product started as `npm start` starts it. BENCH_AUTHORS (10) members write a
 * discussion and BENCH_REPLIES (20) replies between them; another member opens it. Prints (never
 * asserts) the requests the page made by path, and how many asked for a member's profile
 * (`/api/users/{id}/profile`): avatars come with the posts, so those should be none.
 */
import type { DiscussionDetail } from '@crucible/proto';
import buildWeb from './build-web.ts';
import { withPage } from './harness.ts';
import {
  MEMBER_PASSWORD,
  seedMembers,
  signInThroughPage,
  startProductWithBrowser,
  testAdmin,
  type TestMember,
} from './members.ts';

const AUTHORS = Number(process.env.BENCH_AUTHORS ?? 10);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 20);
const runId = Date.now().toString(36);
const admin = testAdmin('avatars-bench', runId);
const PROFILE_REQUEST = /^\/api\/users\/[^/]+\/profile$/;

// The authors, then the reader (one more member, so no avatar on the page is their own).
const members: TestMember[] = Array.from({ length: AUTHORS + 1 }, (_, index) => ({
  email: `bench-avatars-${runId}-${index}@example.com`,
  firstName: index < AUTHORS ? `Author${index}` : 'Reader',
  id: '',
  level: 'Journeyman',
}));
const reader = members[AUTHORS]!;

buildWeb();
const opened = await startProductWithBrowser(admin);
const { product, browser, at } = opened;
try {
  await seedMembers(opened, admin, members);
  // The authors write through a context of their own, so the reader's page starts signed out.
  const writers = await browser.newContext();
  const bearers: Record<string, string>[] = [];
  for (const member of members.slice(0, AUTHORS)) {
    const signedIn = await writers.request.post(at('/api/auth/signin'), {
      data: { email: member.email, password: MEMBER_PASSWORD },
    });
    bearers.push({ Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` });
  }
  const discussion = (await (
    await writers.request.post(at('/api/discussions'), {
      headers: bearers[0]!,
      data: { title: 'Who writes here?', content: 'All of us.', category: 'Journeyman' },
    })
  ).json()) as DiscussionDetail;
  for (let index = 0; index < REPLIES; index += 1) {
    const replied = await writers.request.post(at(`/api/discussions/${discussion.id}/replies`), {
      headers: bearers[index % AUTHORS]!,
      data: { content: `Reply ${index + 1}` },
    });
    if (!replied.ok()) throw new Error(`reply ${index + 1}: ${replied.status()} ${await replied.text()}`);
  }
  await writers.close();

  await withPage(browser, 'avatar-requests-bench', async (page) => {
    await signInThroughPage(page, product.url, reader.email);
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === product.url) requested.push(url.pathname);
    });
    await page.goto(at(`/forums?discussion=${discussion.id}`));
    await page
      .getByRole('list', { name: 'Replies' })
      .getByRole('listitem')
      .nth(REPLIES - 1)
      .waitFor();
    await page.waitForLoadState('networkidle');

    const api = requested.filter((path) => path.startsWith('/api/'));
    const byPath = new Map<string, number>();
    for (const path of api) {
      const kind = PROFILE_REQUEST.test(path) ? '/api/users/{id}/profile' : path.replace(discussion.id, '{id}');
      byPath.set(kind, (byPath.get(kind) ?? 0) + 1);
    }
    console.log(`A discussion with ${REPLIES} replies by ${AUTHORS} authors, opened in Chromium:`);
    console.log(`  requests to the product: ${requested.length}, of which /api: ${api.length}`);
    console.log(`  /api/users/{id}/profile: ${byPath.get('/api/users/{id}/profile') ?? 0}`);
    for (const [path, count] of [...byPath].sort((a, b) => b[1] - a[1])) console.log(`    ${count}  ${path}`);
  });
} finally {
  await opened.stop();
}
