/**
 * `npx tsx gateway/bench/compression-levels.ts`: what compressing a JSON answer costs in CPU per
 * request at each gzip level and brotli quality, for answers of the sizes the API gives (a small
 * object, a page of a list, a long list), and how much it saves. The gateway's JSON compression level
 * is chosen from these figures (gateway/README.md). Figures are printed, not asserted.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A list answer shaped like the API's (ids, names, dates, a text excerpt), about `bytes` long. */
function sampleJson(bytes: number): Buffer {
  const items: unknown[] = [];
  let index = 0;
  while (JSON.stringify(items).length < bytes) {
    index += 1;
    items.push({
      id: `c0ffee${index.toString(16).padStart(6, '0')}-7d1c-4b8e-9a51-${(index * 7919).toString(16).padStart(12, '0')}`,
      title: `Leading a team through change, part ${index}`,
      excerpt: `Members discuss what worked for them when ${index % 3 ? 'a reorganisation' : 'a new manager'} arrived, and what they would do again.`,
      author: { id: `a${index % 17}`, firstName: ['Avery', 'Corin', 'Priya', 'Mateo'][index % 4], lastName: 'Member' },
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(),
      replyCount: index % 23,
      pinned: index % 11 === 0,
    });
  }
  return Buffer.from(JSON.stringify({ items, nextCursor: null }));
}

function perRequestMs(run: () => Buffer, body: Buffer): { ms: number; ratio: number } {
  const rounds = Math.max(20, Math.min(2000, Math.round(4_000_000 / body.length)));
  for (let warm = 0; warm < 10; warm += 1) run();
  const started = performance.now();
  let size = 0;
  for (let round = 0; round < rounds; round += 1) size = run().length;
  return { ms: (performance.now() - started) / rounds, ratio: size / body.length };
}

console.log(
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} (a shared machine skews CPU times)`,
);
for (const bytes of [2_000, 20_000, 200_000]) {
  const body = sampleJson(bytes);
  console.log(`\nJSON answer of ${(body.length / 1024).toFixed(1)} KiB`);
  for (const level of [1, 4, 6, 9]) {
    const { ms, ratio } = perRequestMs(() => gzipSync(body, { level }), body);
    console.log(
      `  gzip level ${level}:      ${ms.toFixed(3)} ms CPU per answer, ${(ratio * 100).toFixed(1)} % of the size`,
    );
  }
  for (const quality of [1, 4, 5, 11]) {
    const { ms, ratio } = perRequestMs(
      () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
      body,
    );
    console.log(
      `  brotli quality ${quality}${quality < 10 ? ' ' : ''}: ${ms.toFixed(3)} ms CPU per answer, ${(ratio * 100).toFixed(1)} % of the size`,
    );
  }
}
