/** `npm start`'s web step: builds web/dist unless it was built from exactly the current sources. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isWebBuildCurrent, stampWebBuild, webBuildFingerprint } from './build-stamp.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const distDir = join(root, 'web', 'dist');
// The one-machine product is a staging deployment: messaging and notifications on.
// A production image sets VITE_DEPLOYMENT=production in its own build and keeps the production defaults.
const buildEnv = { VITE_DEPLOYMENT: 'staging', ...process.env };
const fingerprint = webBuildFingerprint(root, buildEnv);

if (!isWebBuildCurrent(distDir, fingerprint)) {
  console.log('Building the web app (its sources, dependencies or build switches changed since the last build)...');
  // A test runner's NODE_ENV=test would make Vite bundle React's development build.
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...buildEnv, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Stamped after the build: a build that fails half-way is rebuilt next time.
  stampWebBuild(distDir, fingerprint);
}
