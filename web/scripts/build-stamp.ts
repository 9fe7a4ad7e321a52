/**
 * Whether web/dist was built from the sources as they are now. `npm start` rebuilds the web app when
 * not, so a pull that changed the web app (or a dependency, or a build switch) is never served stale.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Written into web/dist by a successful build; dist is git-ignored, so a clone starts without one. */
export const STAMP_FILE = '.build-stamp';

/**
 * What the bundle is made of, relative to the repository root: the app, the contracts it imports,
 * its build configuration and the exact dependency versions. Tests do not reach the bundle.
 */
const INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/scripts/vite-inter-subset.ts',
  'web/tsconfig.json',
  'web/package.json',
  'proto/src',
  'proto/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];
const NOT_BUILT = /\.test\.tsx?$|(^|\/)test\//;
/** Build switches Vite bakes into the bundle (see web/vite.config.ts). */
const BUILD_VARIABLE = /^(VITE_|FEATURE_)/;

function filesUnder(root: string, path: string): string[] {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((entry) => join(path, entry))
    .filter((file) => !NOT_BUILT.test(file) && statSync(join(root, file)).isFile());
}

/** A hash of every input file (name and content), the web folder's .env files and the build switches set. */
export function webBuildFingerprint(root: string, env: Record<string, string | undefined> = process.env): string {
  const hash = createHash('sha256');
  const envFiles = readdirSync(join(root, 'web'))
    .filter((name) => name.startsWith('.env'))
    .map((name) => join('web', name));
  const files = [...INPUTS.flatMap((input) => filesUnder(root, input)), ...envFiles]
    .map((file) => relative(root, join(root, file)))
    .sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  const switches = Object.entries(env)
    .filter(([name, value]) => BUILD_VARIABLE.test(name) && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(switches));
  return hash.digest('hex');
}

export function isWebBuildCurrent(distDir: string, fingerprint: string): boolean {
  const stamp = join(distDir, STAMP_FILE);
  return (
    existsSync(join(distDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint
  );
}

export function stampWebBuild(distDir: string, fingerprint: string): void {
  writeFileSync(join(distDir, STAMP_FILE), `${fingerprint}\n`);
}
