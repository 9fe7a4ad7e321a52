/**
 * The weight of the sign-in screen: what a browser downloads for /signin before any lazy chunk,
 * i.e. index.html, its entry script, the entry's static imports (transitively), their CSS and the
 * fonts that CSS names (woff2 only: every browser the app supports takes woff2, so the woff fallbacks
 * are never fetched). Fonts are counted at their file size, as woff2 is compressed already.
 * Run after `vite build`; exits non-zero when the gzip total is over budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const distDir = fileURLToPath(new URL('../dist', import.meta.url));

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch (error) {
    throw new Error(`No build manifest in ${distDir}: run \`npm run build -w web\` first (${String(error)})`, {
      cause: error,
    });
  }
}

/** Files of the entry and of every chunk it imports statically; dynamic imports are left out on purpose. */
function initialFiles(manifest: Record<string, ManifestChunk>, entryKey: string): string[] {
  const files = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string) => {
    if (visited.has(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk "${key}"`);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.assets?.filter((asset) => asset.endsWith('.woff2')).forEach((font) => files.add(font));
    chunk.imports?.forEach(visit);
  };
  visit(entryKey);
  return [...files];
}

function gzipBytes(path: string): number {
  const content = readFileSync(path);
  return path.endsWith('.woff2') ? content.length : gzipSync(content, { level: 9 }).length;
}

const files = ['index.html', ...initialFiles(readManifest(), 'index.html')];
let totalBytes = 0;
for (const file of files) {
  const bytes = gzipBytes(join(distDir, file));
  totalBytes += bytes;
  console.log(`  ${file}: ${(bytes / 1024).toFixed(1)} kB gzip`);
}
const totalKb = totalBytes / 1024;
console.log(`signin-page-gzip-kb: ${totalKb.toFixed(1)} (budget ${BUDGET_KB})`);
if (totalKb > BUDGET_KB) {
  console.error(`The sign-in page is over its budget by ${(totalKb - BUDGET_KB).toFixed(1)} kB`);
  process.exitCode = 1;
}
