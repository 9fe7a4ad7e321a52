import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { createTestDatabase, deleteNamespaceStreams, freePort, uniqueNamespace } from '@crucible/test-kit';
import { SERVICES } from '@crucible/proto';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('./screenshots', import.meta.url));

const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;
const LOG_LINES_KEPT = 400;

export interface Product {
  url: string;
  /** The product's own database (benchmarks seed it directly). */
  databaseUrl: string;
  /** The product's recent output, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function waitForReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const failedToStart = exited(child).then((code) => {
    throw new Error(`The product exited (code ${code}) before it was ready:\n${log()}`);
  });
  while (Date.now() < deadline) {
    const ready = fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (await Promise.race([ready, failedToStart])) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The product was not ready at ${url}/readyz within ${READY_TIMEOUT_MS / 1000} s:\n${log()}`);
}

/**
 * Starts the product as `npm start` does (gateway serving web/dist plus every service) on free
 * ports with its own data directory, and waits until the gateway's /readyz answers.
 */
export async function startProduct(options: {
  port: number;
  env: Record<string, string>;
  /** The loopback name the product is opened at; passkeys need a domain name (their relying party is not an IP address). */
  host?: 'localhost' | '127.0.0.1';
}): Promise<Product> {
  const url = `http://${options.host ?? '127.0.0.1'}:${options.port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'crucible-e2e-'));
  // Its own database and NATS namespace (events, questions, cache keys): a developer's data and
  // concurrent test runs stay apart.
  const database = await createTestDatabase('e2e');
  const namespace = uniqueNamespace('e2e');
  // Free ports for every service too, so a developer's own `npm start` does not collide with the test.
  const servicePorts = Object.fromEntries(
    await Promise.all(
      Object.keys(SERVICES).map(async (name) => [`${name.toUpperCase()}_PORT`, String(await freePort())] as const),
    ),
  );
  // What `npm start` runs once the Prisma clients are generated and the web app is built, which the
  // run's global set-up (build-web.ts) did once for every file.
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/launcher/src/main.ts'], {
    cwd: repoRoot,
    // Its own process group: stopping it stops the launcher and anything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...servicePorts,
      PORT: String(options.port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      DATABASE_URL: database.url,
      NATS_NAMESPACE: namespace,
      ...options.env,
    },
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - LOG_LINES_KEPT));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const log = () => lines.join('\n');

  const stop = async () => {
    // The product may have died already (its log says why); then there is nothing to signal.
    if (child.exitCode === null && child.signalCode === null && child.pid && isRunning(child.pid)) {
      process.kill(-child.pid, 'SIGTERM');
      const stopped = await Promise.race([
        exited(child).then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS)),
      ]);
      if (!stopped) process.kill(-child.pid, 'SIGKILL');
    }
    mkdirSync(screenshotDir, { recursive: true });
    writeFileSync(join(screenshotDir, 'product.log'), log());
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
    // The product may have fallen back to the in-process bus (no NATS), leaving nothing to delete.
    await deleteNamespaceStreams(namespace).catch(() => undefined);
  };

  try {
    await waitForReady(url, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, databaseUrl: database.url, log, stop };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const REFUSED_CALLS_SHOWN = 20;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const NARROW = { width: 360, height: 740 } as const;

/**
 * Runs `scenario` in a fresh browser context (own cookies and storage); on failure a full-page
 * screenshot named after the scenario goes to e2e/screenshots/ before the error is rethrown.
 */
export async function withPage(
  browser: Browser,
  name: string,
  scenario: (page: Page) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  // The API calls the page saw refused, so that a failure on a CI machine says what the product answered.
  const refusedCalls: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/'))
      refusedCalls.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  try {
    await scenario(page);
  } catch (error) {
    mkdirSync(screenshotDir, { recursive: true });
    await page
      .screenshot({ path: join(screenshotDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true })
      .catch(() => undefined);
    if (error instanceof Error && refusedCalls.length > 0)
      error.message += `\nAPI calls the page saw refused:\n  ${refusedCalls.slice(-REFUSED_CALLS_SHOWN).join('\n  ')}`;
    throw error;
  } finally {
    await context.close();
  }
}

/** The serious and critical accessibility violations axe-core finds on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
