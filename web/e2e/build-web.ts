import { execFileSync } from 'node:child_process';
import { repoRoot } from './harness.ts';

/**
 * Browser tests run against the product as `npm start` prepares it: the Prisma clients generated and
 * the web app built (only when its sources or build switches changed since the last build,
 * web/scripts/build-if-stale.ts). Done once per run, before any test starts the product, so each file
 * starts the launcher itself at once. E2E_SKIP_BUILD=1 reuses the current clients and dist/ as they are.
 */
export default function prepareProduct(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npm', ['run', 'generate', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  execFileSync('npm', ['run', 'build:web-if-stale', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
}
