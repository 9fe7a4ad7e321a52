/**
 * Inter, cut at build time to what Crucible writes, so the sign-in page carries ~24 kB of type
 * instead of ~47 kB (the sign-in page's weight budget): one variable font instanced to the weights the theme uses
 * (400 to 600, so the 500 a few screens ask for is real too), the characters below plus every Latin
 * character in the app's and proto's sources, and only the OpenType features browsers apply by default.
 * The @font-face names exactly those characters in its unicode-range, so text outside them (member
 * content in other scripts, rare symbols) falls through to the next family of the theme's font stack
 * instead of showing a missing glyph. Import `virtual:inter-subset.css`: the font is written to Vite's
 * cache directory and named by that CSS, so Vite hashes, bundles and lists it like any imported asset.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const INTER_SUBSET_MODULE = 'virtual:inter-subset.css';

const FONTSOURCE_PACKAGE = '@fontsource-variable/inter';
const FONTSOURCE_SUBSET = 'latin';
const WEIGHT_RANGE = { min: 400, max: 600 };
/** The features browsers apply without any font-feature-settings (the app sets none): kerning, ligatures, contextual forms. */
const DEFAULT_ON_FEATURES = ['calt', 'ccmp', 'clig', 'kern', 'liga', 'locl', 'mark', 'mkmk', 'rlig', 'rvrn'];
/** Basic Latin, Latin-1 (accented names, £ © ® · ×) and the typographic punctuation of the product's texts. */
const ALWAYS_INCLUDED = [codePointRange(0x20, 0x7e), codePointRange(0xa0, 0xff), '‘’“”–—…•€™'].join('');
const SCANNED_SOURCES = ['../src', '../../proto/src'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));
const SOURCE_FILE = /(?<!\.test)\.tsx?$/;

const requireFromWeb = createRequire(import.meta.url);

function codePointRange(first: number, last: number): string {
  return String.fromCodePoint(...Array.from({ length: last - first + 1 }, (_, index) => first + index));
}

/** `U+0000-00FF,U+0131` (CSS unicode-range, as fontsource's unicode.json writes it) to [first, last] pairs. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const bounds = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/i.exec(part.trim());
    if (!bounds?.[1]) throw new Error(`Not a unicode-range part: "${part}"`);
    const first = Number.parseInt(bounds[1], 16);
    return [first, bounds[2] ? Number.parseInt(bounds[2], 16) : first];
  });
}

/** Sorted code points to the shortest unicode-range: runs become `U+20-7E`. */
export function formatUnicodeRange(codePoints: number[]): string {
  const runs: [number, number][] = [];
  for (const codePoint of [...new Set(codePoints)].sort((a, b) => a - b)) {
    const lastRun = runs.at(-1);
    if (lastRun && lastRun[1] === codePoint - 1) lastRun[1] = codePoint;
    else runs.push([codePoint, codePoint]);
  }
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase();
  return runs.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(',');
}

/** The code points of `texts` that the font file covers (its unicode-range), without control characters. */
export function coveredCodePoints(texts: string[], fontRange: [number, number][]): number[] {
  const codePoints = new Set<number>();
  for (const text of texts) {
    for (const character of text) {
      const codePoint = character.codePointAt(0) ?? 0;
      if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) continue;
      if (fontRange.some(([first, last]) => codePoint >= first && codePoint <= last)) codePoints.add(codePoint);
    }
  }
  return [...codePoints].sort((a, b) => a - b);
}

function readSourceTexts(): string[] {
  return SCANNED_SOURCES.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => SOURCE_FILE.test(file))
      .map((file) => readFileSync(join(dir, file), 'utf8')),
  );
}

async function writeAtomically(path: string, content: string | Uint8Array): Promise<void> {
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, content);
  await rename(partial, path);
}

/** Writes the subset font into `outDir` and returns its @font-face. */
async function writeInterSubset(outDir: string): Promise<string> {
  const unicodeJsonPath = requireFromWeb.resolve(`${FONTSOURCE_PACKAGE}/unicode.json`);
  const subsetRanges = JSON.parse(readFileSync(unicodeJsonPath, 'utf8')) as Record<string, string | undefined>;
  const subsetRange = subsetRanges[FONTSOURCE_SUBSET];
  if (!subsetRange) throw new Error(`${unicodeJsonPath} names no "${FONTSOURCE_SUBSET}" subset`);
  const codePoints = coveredCodePoints([ALWAYS_INCLUDED, ...readSourceTexts()], parseUnicodeRange(subsetRange));
  const source = readFileSync(
    requireFromWeb.resolve(`${FONTSOURCE_PACKAGE}/files/inter-${FONTSOURCE_SUBSET}-wght-normal.woff2`),
  );
  const font = await subsetFont(source, String.fromCodePoint(...codePoints), {
    targetFormat: 'woff2',
    keepFeatures: DEFAULT_ON_FEATURES,
    variationAxes: { wght: WEIGHT_RANGE },
  });
  const fontPath = join(outDir, `inter-${FONTSOURCE_SUBSET}-wght-subset.woff2`);
  await mkdir(outDir, { recursive: true });
  await writeAtomically(fontPath, font);
  return `@font-face {
  font-family: 'Inter';
  font-style: normal;
  font-display: swap;
  font-weight: ${WEIGHT_RANGE.min} ${WEIGHT_RANGE.max};
  src: url(${fontPath}) format('woff2');
  unicode-range: ${formatUnicodeRange(codePoints)};
}
`;
}

export function interSubset(): Plugin {
  const resolvedId = `\0${INTER_SUBSET_MODULE}`;
  let outDir = '';
  let fontFace: Promise<string> | undefined;
  return {
    name: 'crucible:inter-subset',
    configResolved(config) {
      outDir = join(config.cacheDir, 'inter-subset');
    },
    resolveId(id) {
      return id === INTER_SUBSET_MODULE ? resolvedId : null;
    },
    load(id) {
      if (id !== resolvedId) return null;
      fontFace ??= writeInterSubset(outDir);
      return fontFace;
    },
  };
}
