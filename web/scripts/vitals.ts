/**
 * `npm run vitals -w web`: web vitals of /signin (a visitor) and the dashboard (a signed-in Core
 * member) in Chromium, CPU slowed 4x and a fast-4G network (DevTools' preset: 165 ms latency,
 * 9 Mbit/s down, 1.5 Mbit/s up), each load in a fresh context (empty cache). Prints LCP, CLS, total
 * blocking time (long tasks' time over 50 ms until the network is idle), requests, script files and
 * bytes transferred (headers included), per run and the median. Figures are printed, not asserted.
 *
 * Starts the product as the browser tests do (its own database, namespace and ports), building
 * web/dist first when stale. VITALS_RUNS (default 3) loads per page; VITALS_ACCEPT_ENCODING=identity
 * asks for uncompressed answers, as a gateway without compression sends them; VITALS_PROFILE=1 records
 * the page's CPU profile over one more dashboard load and prints where its main thread spent the time
 * (what stands between the load and LCP when the target is not met).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import type { Browser, CDPSession } from 'playwright-core';
import { repoRoot } from '../e2e/harness.ts';
import { MEMBER_PASSWORD, seedMembers, startProductWithBrowser, testAdmin, type TestMember } from '../e2e/members.ts';
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts';

const RUNS = Number(process.env.VITALS_RUNS ?? 3);
const ACCEPT_ENCODING = process.env.VITALS_ACCEPT_ENCODING;
const CPU_SLOWDOWN = 4;
/** DevTools' "Fast 4G" preset (its throughput and latency factors applied, as DevTools does). */
const FAST_4G = {
  offline: false,
  latency: 60 * 2.75,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
};
const TARGETS = {
  signin: { kb: 200 },
  dashboard: { kb: 400, requests: 25 },
  lcpMs: 1500,
};

interface Vitals {
  lcpMs: number;
  /** The document, scripts and API calls: start-end in ms from the document's request. */
  waterfall: string;
  cls: number;
  tbtMs: number;
  requests: number;
  scripts: number;
  kb: number;
}

/** Runs in the page before its own scripts: collects LCP, layout shifts and long tasks. */
function observeVitals() {
  const vitals = { lcp: 0, lcpElement: '', cls: 0, fcp: 0, longTasks: [] as { start: number; duration: number }[] };
  (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = entry.element
        ? `${entry.element.tagName.toLowerCase()} "${(entry.element.textContent ?? '').trim().slice(0, 40)}"`
        : '(removed)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function throttle(
  cdp: CDPSession,
): Promise<{ requests: () => number; scripts: () => number; bytes: () => number; waterfall: () => string }> {
  let requests = 0;
  let scripts = 0;
  let bytes = 0;
  const timings = new Map<string, { name: string; start: number; end?: number }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('data:')) return;
    requests += 1;
    const path = new URL(event.request.url).pathname;
    if (path === '/' || path.endsWith('.js') || path.startsWith('/api/'))
      timings.set(event.requestId, {
        name: path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js'),
        start: event.timestamp,
      });
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts += 1;
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    const timing = timings.get(event.requestId);
    if (timing) timing.end = event.timestamp;
  });
  /** The document, scripts and API calls by start, in ms from the document's request: what waits for what. */
  const waterfall = () => {
    const entries = [...timings.values()].sort((a, b) => a.start - b.start);
    const origin = entries[0]?.start ?? 0;
    const ms = (seconds: number | undefined) => (seconds === undefined ? '?' : ((seconds - origin) * 1000).toFixed(0));
    return entries.map((entry) => `${entry.name} ${ms(entry.start)}-${ms(entry.end)}`).join(', ');
  };
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  if (ACCEPT_ENCODING)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': ACCEPT_ENCODING } });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { requests: () => requests, scripts: () => scripts, bytes: () => bytes, waterfall };
}

/** One cold load of `url` in a fresh context; `ready` is the element that says the page has drawn what it shows. */
async function load(
  browser: Browser,
  url: string,
  ready: string,
  token?: string,
  profile?: (lines: string[]) => void,
): Promise<Vitals> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (token)
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        STORAGE_KEYS.authToken,
        token,
      ] as const);
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const counters = await throttle(cdp);
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    if (profile) {
      const { profile: recorded } = await cdp.send('Profiler.stop');
      profile(describePageProfile(recorded as PageProfile));
    }
    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            __vitals: {
              lcp: number;
              lcpElement: string;
              cls: number;
              fcp: number;
              longTasks: { start: number; duration: number }[];
            };
          }
        ).__vitals,
    );
    return {
      lcpMs: seen.lcp,
      waterfall: `LCP element ${seen.lcpElement}; ${counters.waterfall()}`,
      cls: seen.cls,
      tbtMs: seen.longTasks
        .filter((task) => task.start + task.duration > seen.fcp)
        .reduce((sum, task) => sum + Math.max(0, task.start + task.duration - Math.max(task.start, seen.fcp) - 50), 0),
      requests: counters.requests(),
      scripts: counters.scripts(),
      kb: counters.bytes() / 1000,
    };
  } finally {
    await context.close();
  }
}

interface PageProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The main thread's self time by script (and GC, idle, ...) and the top functions, from a CDP profile. */
function describePageProfile(profile: PageProfile): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)!;
    const us = profile.timeDeltas[index] ?? 0;
    if (frame.functionName === '(idle)') return;
    totalUs += us;
    const place = frame.url
      ? frame.url.replace(/^https?:\/\/[^/]+\//, '').replace(/-[\w-]{8}\.js$/, '.js')
      : frame.functionName || 'native';
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} [${place}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, us]) =>
          `  ${((us / totalUs) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(5)} ms  ${name}`,
      );
  return [
    `busy ${(totalUs / 1000).toFixed(0)} ms on the main thread; by place:`,
    ...top(byPlace, 10),
    'top functions:',
    ...top(byFunction, 15),
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function describe(runs: Vitals[]): string {
  const pick = (key: Exclude<keyof Vitals, 'waterfall'>) => median(runs.map((run) => run[key]));
  return `LCP ${pick('lcpMs').toFixed(0)} ms, CLS ${pick('cls').toFixed(3)}, TBT ${pick('tbtMs').toFixed(0)} ms, ${pick('requests')} requests (${pick('scripts')} scripts), ${pick('kb').toFixed(1)} KB transferred`;
}

async function main(): Promise<void> {
  execFileSync('npm', ['run', 'build:web-if-stale', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  const runId = Date.now().toString(36);
  const admin = testAdmin('vitals', runId);
  const opened = await startProductWithBrowser(admin);
  try {
    const member: TestMember = { email: `vitals-${runId}@example.com`, firstName: 'Vita', id: '', level: 'Core' };
    await seedMembers(opened, admin, [member]);
    const context = await opened.browser.newContext();
    // Signed in after the level change, so the session carries Core.
    const signedIn = await context.request.post(opened.at('/api/auth/signin'), {
      data: { email: member.email, password: MEMBER_PASSWORD },
    });
    const { token } = (await signedIn.json()) as { token: string };
    await context.close();

    console.log(
      `web vitals, ${RUNS} cold loads each; CPU ${CPU_SLOWDOWN}x slower, fast 4G (${FAST_4G.latency} ms, ${((FAST_4G.downloadThroughput * 8) / 1e6).toFixed(1)} Mbit/s down)${ACCEPT_ENCODING ? `; Accept-Encoding: ${ACCEPT_ENCODING}` : ''}`,
    );
    console.log(
      `load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} (2 cores, shared)`,
    );
    const pages = [
      { name: 'signin', url: opened.at('/signin'), ready: 'button:has-text("Sign In")', token: undefined },
      { name: 'dashboard', url: opened.at('/'), ready: 'text=Recent Discussions', token },
    ] as const;
    const results: Record<string, Vitals[]> = {};
    for (const page of pages) {
      results[page.name] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const vitals = await load(opened.browser, page.url, page.ready, page.token);
        results[page.name]!.push(vitals);
        console.log(
          `  ${page.name} run ${run}: LCP ${vitals.lcpMs.toFixed(0)} ms, CLS ${vitals.cls.toFixed(3)}, TBT ${vitals.tbtMs.toFixed(0)} ms, ${vitals.requests} requests (${vitals.scripts} scripts), ${vitals.kb.toFixed(1)} KB`,
        );
        console.log(`    ${vitals.waterfall}`);
      }
    }
    if (process.env.VITALS_PROFILE === '1') {
      const dashboard = pages[1];
      let lines: string[] = [];
      const vitals = await load(
        opened.browser,
        dashboard.url,
        dashboard.ready,
        dashboard.token,
        (seen) => (lines = seen),
      );
      console.log(
        `\ndashboard CPU profile (one more load, LCP ${vitals.lcpMs.toFixed(0)} ms, TBT ${vitals.tbtMs.toFixed(0)} ms; profiling slows it):`,
      );
      for (const line of lines) console.log(`  ${line}`);
    }
    const signin = results.signin!;
    const dashboard = results.dashboard!;
    const kbOf = (runs: Vitals[]) => median(runs.map((run) => run.kb));
    const requestsOf = (runs: Vitals[]) => median(runs.map((run) => run.requests));
    const lcpOf = (runs: Vitals[]) => median(runs.map((run) => run.lcpMs));
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(`\nsignin (median): ${describe(signin)}`);
    console.log(`dashboard (median): ${describe(dashboard)}`);
    console.log(
      `signin-kb: ${kbOf(signin).toFixed(1)} (target <= ${TARGETS.signin.kb}: ${met(kbOf(signin) <= TARGETS.signin.kb)})`,
    );
    console.log(
      `dashboard-kb: ${kbOf(dashboard).toFixed(1)} in ${requestsOf(dashboard)} requests (target <= ${TARGETS.dashboard.kb} KB in <= ${TARGETS.dashboard.requests}: ${met(kbOf(dashboard) <= TARGETS.dashboard.kb && requestsOf(dashboard) <= TARGETS.dashboard.requests)})`,
    );
    console.log(
      `dashboard-lcp-ms: ${lcpOf(dashboard).toFixed(0)} (target <= ${TARGETS.lcpMs}: ${met(lcpOf(dashboard) <= TARGETS.lcpMs)}); signin-lcp-ms: ${lcpOf(signin).toFixed(0)}`,
    );
  } finally {
    await opened.stop();
  }
}

await main();
