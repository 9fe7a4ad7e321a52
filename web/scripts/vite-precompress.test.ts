import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './vite-precompress.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies that decompress to the same bytes, and skips what is compressed already', async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, '.vite'));
    const script = `export const text = ${JSON.stringify('a line of the app '.repeat(100))};`;
    await writeFile(join(dir, 'assets', 'app-abc123.js'), script);
    await writeFile(join(dir, 'assets', 'font-abc123.woff2'), 'x'.repeat(2000));
    await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify({ entry: 'x'.repeat(2000) }));
    // Too small to shrink: no copy.
    await writeFile(join(dir, 'tiny.txt'), 'a');

    await precompressDirectory(dir);

    const file = join(dir, 'assets', 'app-abc123.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
    expect(existsSync(join(dir, 'assets', 'font-abc123.woff2.br'))).toBe(false);
    expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.txt.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.txt.gz'))).toBe(false);
  });
});
