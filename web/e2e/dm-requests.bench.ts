/**
 * `npx tsx web/e2e/dm-requests.bench.ts`: the HTTP requests a member's Chromium tab makes for what
 * arrives on its socket, against the product started as `npm start` starts it. Omar's tab is open;
 * Lena sends BENCH_MESSAGES (10) direct messages (each waited for in the tab), then reads as many of
 * Omar's. Prints (never asserts), per received message and per read receipt, the requests the tab
 * made, by path: with the frames applied to the cache in place, a received message costs none while
 * the thread is closed, and the open thread's one is its read receipt (marking what it shows read).
 */
import type { Page } from 'playwright-core';
import buildWeb from './build-web.ts';
import { withPage } from './harness.ts';
import {
  CSRF,
  MEMBER_PASSWORD,
  seedMembers,
  signInThroughPage,
  startProductWithBrowser,
  testAdmin,
  type TestMember,
} from './members.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10);
/** The tab has settled when it made no request for this long (a refetch follows its frame at once). */
const QUIET_MS = 1_000;
const runId = Date.now().toString(36);
const admin = testAdmin('dm-requests-bench', runId);
const lena: TestMember = { email: `bench-dmreq-${runId}-lena@example.com`, firstName: 'Lena', id: '' };
const omar: TestMember = { email: `bench-dmreq-${runId}-omar@example.com`, firstName: 'Omar', id: '' };

/** Records the tab's requests to the product's API from now on. */
function recordRequests(page: Page, origin: string) {
  const requested: string[] = [];
  let lastAt = Date.now();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || !url.pathname.startsWith('/api/')) return;
    requested.push(`${request.method()} ${url.pathname}`);
    lastAt = Date.now();
  });
  return {
    take: () => requested.splice(0),
    /** Resolves once the tab made no request for QUIET_MS. */
    async settled() {
      while (Date.now() - lastAt < QUIET_MS) await page.waitForTimeout(100);
    },
  };
}

function report(label: string, requests: string[], events: number, ids: string[]) {
  const byPath = new Map<string, number>();
  for (const request of requests) {
    const path = ids.reduce((text, id) => text.replaceAll(id, '{id}'), request);
    byPath.set(path, (byPath.get(path) ?? 0) + 1);
  }
  console.log(`${label}: ${requests.length} requests for ${events} (${(requests.length / events).toFixed(2)} each)`);
  for (const [path, count] of [...byPath].sort((a, b) => b[1] - a[1])) console.log(`    ${count}  ${path}`);
}

buildWeb();
const opened = await startProductWithBrowser(admin);
const { product, browser, at } = opened;
try {
  await seedMembers(opened, admin, [lena, omar]);
  const others = await browser.newContext();
  const bearerOf = async (member: TestMember) => {
    const signedIn = await others.request.post(at('/api/auth/signin'), {
      data: { email: member.email, password: MEMBER_PASSWORD },
    });
    return { ...CSRF, Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  };
  const [asLena, asOmar] = [await bearerOf(lena), await bearerOf(omar)];
  const send = async (from: Record<string, string>, to: TestMember, content: string) => {
    const sent = await others.request.post(at('/api/direct-messages'), {
      headers: from,
      data: { recipientId: to.id, content },
    });
    if (sent.status() !== 201) throw new Error(`send: ${sent.status()} ${await sent.text()}`);
  };
  const ids = [lena.id, omar.id];

  await withPage(browser, 'dm-requests-bench', async (page) => {
    await signInThroughPage(page, product.url, omar.email);
    const tab = recordRequests(page, product.url);

    // 1. On the dashboard: the message shows in the Messages badge and the bell.
    await page.goto(at('/'));
    await page.getByRole('button', { name: 'Open community chat' }).waitFor();
    await tab.settled();
    tab.take();
    for (let index = 1; index <= MESSAGES; index += 1) {
      await send(asLena, omar, `to the dashboard ${index} ${runId}`);
      await page
        .getByRole('link', { name: new RegExp(`^Messages\\s*, ${index} unread$`) })
        .first()
        .waitFor();
    }
    await tab.settled();
    report('Received DM, dashboard open', tab.take(), MESSAGES, ids);

    // 2. With Lena's conversation open: each message shows in the thread, which marks it read.
    await page.goto(at(`/messages?with=${lena.id}`));
    await page.getByText(`to the dashboard ${MESSAGES} ${runId}`).first().waitFor();
    await tab.settled();
    tab.take();
    for (let index = 1; index <= MESSAGES; index += 1) {
      await send(asLena, omar, `to the thread ${index} ${runId}`);
      await page.getByText(`to the thread ${index} ${runId}`).first().waitFor();
    }
    await tab.settled();
    report('Received DM, its conversation open', tab.take(), MESSAGES, ids);

    // 3. Read receipts: Omar's messages (sent from another device, so his tab only receives them) are
    // read by Lena one at a time; his open thread shows each as read. What receiving his own message
    // cost is left out: only what each receipt cost is counted.
    const receiptRequests: string[] = [];
    const readShown = page.getByText(/^· Read/);
    for (let index = 1; index <= MESSAGES; index += 1) {
      await send(asOmar, lena, `from Omar ${index} ${runId}`);
      await page.getByText(`from Omar ${index} ${runId}`).first().waitFor();
      await tab.settled();
      tab.take();
      const read = await others.request.put(at(`/api/direct-messages/${omar.id}/read-all`), { headers: asLena });
      if (!read.ok()) throw new Error(`read-all: ${read.status()} ${await read.text()}`);
      while ((await readShown.count()) < index) await page.waitForTimeout(50);
      await tab.settled();
      receiptRequests.push(...tab.take());
    }
    report('Read receipt, conversation open (sender side)', receiptRequests, MESSAGES, ids);
  });
} finally {
  await opened.stop();
}
