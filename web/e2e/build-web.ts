import { execFileSync } from 'node:child_process';
import { repoRoot } from './harness.ts';

/**
 * Browser tests run against the built app the gateway serves. Built once per run, before any test
 * starts the product, as `npm start` builds it: only when the sources or build switches changed since
 * the last build (web/scripts/build-if-stale.ts), so each product started afterwards finds it current.
 * E2E_SKIP_BUILD=1 reuses the current dist/ as it is.
 */
export default function buildWeb(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npm', ['run', 'build:web-if-stale', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
}
