import { execFileSync } from 'node:child_process';
import { repoRoot } from './harness.ts';

/**
 * Browser tests run against the built app the gateway serves, so build it once per run
 * (`npm start` only builds when dist/ is missing, which could test a stale build).
 * E2E_SKIP_BUILD=1 reuses the current dist/.
 */
export default function buildWeb(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
