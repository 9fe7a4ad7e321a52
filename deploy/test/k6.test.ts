import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './render.ts';

/**
 * deploy/k6: k6 has no binary here, so the scripts are type-checked by `npm run typecheck`
 * (deploy/k6/tsconfig.json) and this checks what a run would enforce: every script declares
 * thresholds, with a failure-rate bound and a latency target, and drives an arrival-rate executor.
 */
const k6Dir = path.join(repoRoot, 'deploy', 'k6');
const scripts = readdirSync(k6Dir).filter((file) => file.endsWith('.ts') && file !== 'lib.ts');
const readme = readFileSync(path.join(k6Dir, 'README.md'), 'utf8');

describe('k6 scripts', () => {
  it('include browsing, sign-in, forum posting, DM latency, presence and uploads', () => {
    expect(scripts.sort()).toEqual(
      expect.arrayContaining(['browse.ts', 'dm-latency.ts', 'forum-post.ts', 'presence.ts', 'signin.ts', 'uploads.ts']),
    );
  });

  it.each(scripts)('%s has thresholds for failures and a p95, an arrival-rate executor and a README row', (file) => {
    const source = readFileSync(path.join(k6Dir, file), 'utf8');
    const thresholds = /thresholds:\s*\{([\s\S]*?)\n {2}\},/.exec(source)?.[1] ?? '';
    expect(thresholds, `${file} declares no thresholds`).not.toBe('');
    expect(thresholds).toMatch(/(http_req_failed|ws_handshake_failed)[^\n]*rate<0\.01/);
    expect(thresholds).toMatch(/p\(95\)<\d+/);
    expect(source).toMatch(/executor: '(constant|ramping)-arrival-rate'/);
    expect(readme).toContain(`\`${file}\``);
  });

  it('are type-checked by npm run typecheck', () => {
    // The scripts run in k6 (goja), not Node: k6's types only, no Node globals.
    const tsconfig = JSON.parse(readFileSync(path.join(k6Dir, 'tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions.types).toEqual(['k6']);
    expect(tsconfig.include).toContain('*.ts');
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.scripts.typecheck).toContain('tsc -p deploy/k6/tsconfig.json');
  });
});
