import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isWebBuildCurrent, stampWebBuild, webBuildFingerprint } from './build-stamp.ts';

let root: string;

function write(path: string, content: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'web-stamp-'));
  write('web/index.html', '<div id="root"></div>');
  write('web/src/main.tsx', 'render(<App />)');
  write('web/src/features/forums/forums.test.tsx', 'it()');
  write('proto/src/forum.ts', 'export const TITLE_MAX = 200;');
  write('package-lock.json', '{"lockfileVersion":3}');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the web build fingerprint', () => {
  it('stays the same while nothing that is built changes', () => {
    expect(webBuildFingerprint(root, {})).toBe(webBuildFingerprint(root, {}));
  });

  it.each([
    ['a web source', 'web/src/main.tsx', 'render(<NewApp />)'],
    ['a new web source', 'web/src/features/chat/chat.tsx', 'export {}'],
    ['the page', 'web/index.html', '<div id="app"></div>'],
    ['a contract the app imports', 'proto/src/forum.ts', 'export const TITLE_MAX = 100;'],
    ['the lock file', 'package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ['the web folder .env', 'web/.env.production', 'FEATURE_FORUMS=false'],
  ])('changes with %s', (_what, path, content) => {
    const before = webBuildFingerprint(root, {});
    write(path, content);
    expect(webBuildFingerprint(root, {})).not.toBe(before);
  });

  it('changes with a build switch set in the environment, and ignores other variables', () => {
    const before = webBuildFingerprint(root, { HOME: '/root' });
    expect(webBuildFingerprint(root, { HOME: '/home/someone' })).toBe(before);
    expect(webBuildFingerprint(root, { FEATURE_MESSAGING: 'false' })).not.toBe(before);
    expect(webBuildFingerprint(root, { VITE_DEPLOYMENT: 'production' })).not.toBe(before);
  });

  it('ignores tests, which never reach the bundle', () => {
    const before = webBuildFingerprint(root, {});
    write('web/src/features/forums/forums.test.tsx', 'it("says more")');
    expect(webBuildFingerprint(root, {})).toBe(before);
  });
});

describe('isWebBuildCurrent', () => {
  it('is false without a build, for a build without a stamp, and for a stale stamp; true once stamped', () => {
    const dist = join(root, 'web/dist');
    const fingerprint = webBuildFingerprint(root, {});
    expect(isWebBuildCurrent(dist, fingerprint)).toBe(false);
    write('web/dist/index.html', '<script src="/assets/app.js"></script>');
    expect(isWebBuildCurrent(dist, fingerprint)).toBe(false);
    stampWebBuild(dist, fingerprint);
    expect(isWebBuildCurrent(dist, fingerprint)).toBe(true);
    write('web/src/main.tsx', 'render(<Changed />)');
    expect(isWebBuildCurrent(dist, webBuildFingerprint(root, {}))).toBe(false);
  });
});
