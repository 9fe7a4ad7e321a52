/**
 * `npm run bench -w services/forum`: the forum under load through the gateway, on a seeded
 * database (100,000 discussions and 1,000,000 replies by default; BENCH_DISCUSSIONS and
 * BENCH_REPLIES change that; BENCH_SECONDS the length of each load, BENCH_PROFILE=<dir> writes a
 * CPU profile of every process there and prints where the CPU went; BENCH_PARTS (default
 * `reads,page,search,upload`) picks the parts, e.g. `reads` alone for a profile of the reads).
 *
 * Auth, forum and gateway run as three processes, as in a cluster (the bench kit's service
 * stack: a fresh database and NATS namespace of the run, all stopped and dropped at the end).
 * Figures are printed against the targets, not asserted.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  cpuLine,
  compareLoads,
  cpuPerRequest,
  createReport,
  describeLoad,
  describeProfile,
  load,
  percentiles,
  rssMb,
  runBench,
  startServiceStack,
  summarizeProfiles,
  timeEach,
  type LoadRequest,
  type ServiceProcess,
  type ServiceStack,
} from '@crucible/bench-kit';
import { LIMITS } from '@crucible/proto';
import { discussionReads } from '../src/repositories/discussions.ts';
import { replyReads } from '../src/repositories/replies.ts';
import { searchPosts } from '../src/repositories/search.ts';
import type { Sql } from '../src/repositories/sql.ts';
import { discussionId, seedForum, topicId, TOPICS, vocabulary } from './seed.ts';

const SIZE = {
  discussions: Number(process.env.BENCH_DISCUSSIONS ?? 100_000),
  replies: Number(process.env.BENCH_REPLIES ?? 1_000_000),
};
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const TARGETS = { readP95Ms: 25, readRps: 1500, searchP95Ms: 100, gatewayRatio: 0.8, uploadGrowthMb: 30 };
type Compared = Awaited<ReturnType<typeof compareLoads>>[string];
const random = (below: number) => Math.floor(Math.random() * below);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'reads,page,search,upload').split(','));

async function main(): Promise<void> {
  const report = createReport(`forum bench (${SIZE.discussions} discussions, ${SIZE.replies} replies)`);
  const stack = await startServiceStack({
    bench: 'forum',
    services: [{ name: 'forum', entry: 'services/forum/src/main.ts' }],
    profileDir: process.env.BENCH_PROFILE,
  });
  const { forum, gateway } = stack.processes as Record<'forum' | 'gateway', ServiceProcess>;
  report.say(`  forum ${forum.url}, gateway ${gateway.url}; logs in ${stack.workDir}`);

  report.say('  seeding');
  const seedStarted = performance.now();
  const pool = new pg.Pool({ connectionString: stack.database.url, max: 2, options: '-c search_path=forum' });
  try {
    const seeding = await pool.connect();
    try {
      await seedForum(seeding, SIZE, report.say);
    } finally {
      seeding.release();
    }
    report.figure('seeding', (performance.now() - seedStarted) / 1000, 's');
    await measurePlanning(pool, report);
    const reader = await stack.member('reader', 'Core');
    const headers = { authorization: `Bearer ${reader.token}`, 'x-forwarded-for': stack.clientIp };

    // The three reads of the forum's pages, on random rows: a topic's first page, a discussion, its replies.
    const readPath = (): LoadRequest => {
      const pick = random(3);
      if (pick === 0) return { path: `/api/discussions?subcategoryId=${topicId(random(TOPICS))}&limit=20` };
      const id = discussionId(random(SIZE.discussions));
      return { path: pick === 1 ? `/api/discussions/${id}` : `/api/discussions/${id}/replies?limit=20` };
    };
    const reads = (url: string, next = readPath, connections = 50, seconds = LOAD_SECONDS) =>
      load({ url, connections, seconds, headers, next });
    report.say('  warming up (5 s)');
    await reads(gateway.url, readPath, 50, 5);
    // Through the gateway and straight at the forum in alternating windows (same machine state).
    const compare = (next: () => LoadRequest, connections: number) =>
      compareLoads(
        [
          { name: 'gateway', spec: { url: gateway.url, connections, headers, next }, cpu: [gateway, forum] },
          { name: 'direct', spec: { url: forum.url, connections, headers, next }, cpu: [forum] },
        ],
        { rounds: 3, windowSeconds: LOAD_SECONDS / 3 },
      );
    if (PARTS.has('reads')) {
      const { gateway: proxied, direct } = (await compare(readPath, 50)) as Record<string, Compared>;
      report.say(
        `  reads through the gateway, 50 clients: ${describeLoad(proxied!)}; CPU per request ${cpuLine(proxied!)}`,
      );
      report.say(`  the same straight at the forum: ${describeLoad(direct!)}; CPU per request ${cpuLine(direct!)}`);
      report.figure('reads through the gateway, 50 clients', proxied!.rps, 'req/s', {
        target: { atLeast: TARGETS.readRps },
      });
      report.figure('reads through the gateway, 50 clients, p95', proxied!.p95, 'ms', {
        target: { below: TARGETS.readP95Ms },
      });
      report.figure('forum CPU per read', proxied!.cpuMsPerRequest.forum!, 'ms');
      report.figure('gateway CPU per read', proxied!.cpuMsPerRequest.gateway!, 'ms');
      report.figure('reads through the gateway / direct', proxied!.rps / direct!.rps, 'x', {
        target: { atLeast: TARGETS.gatewayRatio },
        note: `${proxied!.rps.toFixed(0)} vs ${direct!.rps.toFixed(0)} req/s, alternating 3 x ${LOAD_SECONDS / 3} s windows`,
      });
    }
    if (PARTS.has('page')) {
      // The discussion page alone (discussion + its replies), the gateway ratio target.
      const discussionPage = (): LoadRequest => {
        const id = discussionId(random(SIZE.discussions));
        return { path: random(2) === 0 ? `/api/discussions/${id}` : `/api/discussions/${id}/replies?limit=20` };
      };
      const { gateway: pageProxied, direct: pageDirect } = (await compare(discussionPage, 16)) as Record<
        string,
        Compared
      >;
      report.figure(
        'discussion page through the gateway / direct, 16 clients',
        pageProxied!.rps / pageDirect!.rps,
        'x',
        {
          target: { atLeast: TARGETS.gatewayRatio },
          note: `${pageProxied!.rps.toFixed(0)} vs ${pageDirect!.rps.toFixed(0)} req/s; p50 added ${(pageProxied!.p50 - pageDirect!.p50).toFixed(2)} ms`,
        },
      );
      report.figure('gateway CPU per discussion page request', pageProxied!.cpuMsPerRequest.gateway!, 'ms');
    }
    if (PARTS.has('search')) {
      const words = vocabulary();
      const sorts = ['relevance', 'newest', 'oldest', 'popular'];
      const searchPath = (): LoadRequest => ({
        path: `/api/search?query=${words[random(words.length)]}&sortBy=${sorts[random(sorts.length)]}`,
      });
      await reads(gateway.url, searchPath, 10, 3);
      const searchOne = await reads(gateway.url, searchPath, 1, 10);
      report.figure('search, 1 client, p95', searchOne.p95, 'ms', { target: { below: TARGETS.searchP95Ms } });
      const searchTen = await cpuPerRequest([forum], () => reads(gateway.url, searchPath, 10));
      report.say(`  search, 10 clients: ${describeLoad(searchTen)}; CPU per request ${cpuLine(searchTen)}`);
      report.figure('search, 10 concurrent clients, p95', searchTen.p95, 'ms', {
        target: { below: TARGETS.searchP95Ms },
      });
      const searchSql = await timeSearchSql(pool, searchPath);
      report.figure('search SQL alone, one at a time, p95', searchSql.p95, 'ms', {
        note: `p50 ${searchSql.p50.toFixed(1)} ms`,
      });
    }
    if (PARTS.has('upload'))
      for (const line of await measureUpload(stack, reader.token, [forum, gateway], report)) report.say(`  ${line}`);
  } finally {
    await pool.end();
    await stack.stop();
  }
  report.print();
  if (process.env.BENCH_PROFILE)
    for (const name of ['forum', 'gateway'])
      for (const { file, summary } of await summarizeProfiles(join(process.env.BENCH_PROFILE, name))) {
        report.say(`\n== CPU profile of ${name} (${file})`);
        for (const line of describeProfile(summary)) report.say(line);
      }
}

/**
 * Whether preparing the hot reads pays: PostgreSQL's planning time against its execution time for
 * the three page reads, with the repositories' own SQL (EXPLAIN ANALYZE of each, random rows).
 */
async function measurePlanning(pool: pg.Pool, report: ReturnType<typeof createReport>): Promise<void> {
  const reads: [string, (sql: Sql) => Promise<unknown>][] = [
    [
      'topic page',
      (sql) =>
        discussionReads.page(sql, {
          viewerLevel: 'Core',
          hidden: 'none',
          subcategoryId: topicId(random(TOPICS)),
          discussionType: 'discussion',
          limit: 20,
        }),
    ],
    ['discussion', (sql) => discussionReads.detail(sql, discussionId(random(SIZE.discussions)), discussionId(0))],
    [
      'replies page',
      (sql) => replyReads.pageWithPlace(sql, { discussionId: discussionId(random(SIZE.discussions)), limit: 20 }),
    ],
  ];
  for (const [name, read] of reads) {
    const planning: number[] = [];
    const execution: number[] = [];
    const explain: Sql = async <Row>(text: string, values: unknown[] = []) => {
      const { rows } = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
      const [plan] = rows[0]['QUERY PLAN'] as [{ 'Planning Time': number; 'Execution Time': number }];
      planning.push(plan['Planning Time']);
      execution.push(plan['Execution Time']);
      return [] as Row[];
    };
    for (let round = 0; round < 30; round += 1) await read(explain);
    const plan = percentiles(planning);
    const run = percentiles(execution);
    report.figure(`${name} SQL planning, p50`, plan.p50, 'ms', {
      note: `execution p50 ${run.p50.toFixed(3)} ms (planning is ${((100 * plan.p50) / (plan.p50 + run.p50)).toFixed(0)}% of the query's server time unprepared)`,
    });
  }
}

/** The search query's own time in PostgreSQL, without the HTTP hops and the queueing in front of them. */
function timeSearchSql(pool: pg.Pool, searchPath: () => LoadRequest) {
  const sql = async <Row>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as Row[];
  return timeEach(async () => {
    const params = new URLSearchParams(searchPath().path.split('?')[1]);
    await searchPosts(sql, {
      query: params.get('query')!,
      sortBy: params.get('sortBy') as 'relevance',
      category: 'all',
      limit: 20,
      offset: 0,
      viewerLevel: 'Core',
    });
  });
}

/**
 * A 50 MB attachment through the one-machine store: presigned PUT through the gateway to the
 * forum's disk router, then the record (which reads the stored bytes to check their type). The
 * RSS of the forum and gateway processes is sampled from before the upload to after the record.
 */
async function measureUpload(
  stack: ServiceStack,
  token: string,
  processes: ServiceProcess[],
  report: ReturnType<typeof createReport>,
): Promise<string[]> {
  const size = LIMITS.forum.attachmentMaxBytes;
  const body = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]));
  const ticket = await stack.api<{ uploadURL: string; contentType: string; filePath: string }>(
    '/api/attachments/upload',
    { token, json: { fileName: 'big.pdf', mimeType: 'application/pdf', fileSize: size } },
  );
  const baseline = new Map<string, number>();
  for (const process of processes) baseline.set(process.name, await rssMb(process.pid));
  const peak = new Map(baseline);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      for (const process of processes)
        peak.set(process.name, Math.max(peak.get(process.name)!, await rssMb(process.pid)));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const put = await fetch(ticket.uploadURL, { method: 'PUT', headers: { 'content-type': ticket.contentType }, body });
  if (put.status !== 200) throw new Error(`the upload answered ${put.status}: ${await put.text()}`);
  const putMs = performance.now() - started;
  const record = await stack.api<{ fileSize: number }>('/api/attachments', {
    token,
    json: { filePath: ticket.filePath, originalName: 'big.pdf', mimeType: 'application/pdf' },
  });
  const recordMs = performance.now() - started - putMs;
  sampling = false;
  await sampler;
  for (const process of processes)
    report.figure(
      `${process.name} RSS growth during a 50 MB upload`,
      peak.get(process.name)! - baseline.get(process.name)!,
      'MB',
      {
        target: { below: TARGETS.uploadGrowthMb },
      },
    );
  return [
    `50 MB upload: PUT ${putMs.toFixed(0)} ms, record (reads the stored bytes) ${recordMs.toFixed(0)} ms, ${record.fileSize} bytes`,
  ];
}

await runBench(main);
