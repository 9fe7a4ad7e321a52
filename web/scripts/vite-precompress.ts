/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, so the
 * gateway sends compressed bytes without compressing per request (gateway/src/web-app.ts picks one
 * by Accept-Encoding). Built once, so the strongest settings are affordable: brotli quality 11, gzip
 * level 9. A copy that would not be smaller is not written (the gateway then sends the file as is).
 * Fonts (woff2) and images other than SVG are compressed already and are left alone.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Compresses every compressible file under `dir`; returns how many copies were written. */
export async function precompressDirectory(dir: string): Promise<number> {
  // Dot folders (Vite's .vite/manifest.json) are build records, never served.
  const files = (await filesUnder(dir)).filter(
    (file) =>
      COMPRESSIBLE.test(file) &&
      !relative(dir, file)
        .split(sep)
        .some((part) => part.startsWith('.')),
  );
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (copy.length >= content.length) continue;
        await writeFile(file + suffix, copy);
        written += 1;
      }
    }),
  );
  return written;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'crucible-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file (public ones included) is on disk.
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
