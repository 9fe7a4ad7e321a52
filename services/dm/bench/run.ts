/**
 * `npm run bench -w services/dm`: direct messages under load through the gateway, on a seeded
 * database (1,000,000 messages across 10,000 conversations by default; BENCH_MESSAGES and
 * BENCH_CONVERSATIONS change that; one member has BENCH_HUB_CONVERSATIONS (500) of them).
 *
 * Auth, dm and gateway run as three processes, as in a cluster (the bench kit's service stack:
 * a fresh database and NATS namespace of the run, all stopped and dropped at the end). Figures are
 * printed against the targets, not asserted.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  cpuLine,
  cpuPerRequest,
  createReport,
  describeLoad,
  load,
  runBench,
  sleep,
  startServiceStack,
  timeEach,
  type LoadRequest,
  type ServiceProcess,
} from '@crucible/bench-kit';
import { conversationRepository } from '../src/repositories/conversations.ts';
import { messageRepository } from '../src/repositories/messages.ts';
import { seededUserSql, seedMessages } from './seed.ts';

const SIZE = {
  messages: Number(process.env.BENCH_MESSAGES ?? 1_000_000),
  conversations: Number(process.env.BENCH_CONVERSATIONS ?? 10_000),
  hubConversations: Number(process.env.BENCH_HUB_CONVERSATIONS ?? 500),
};
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SENDERS = 10;
const TARGETS = { listP95Ms: 30, pageP95Ms: 15, sendsPerSecond: 300 };
const random = (below: number) => Math.floor(Math.random() * below);

async function main(): Promise<void> {
  const report = createReport(`dm bench (${SIZE.messages} messages, ${SIZE.conversations} conversations)`);
  const stack = await startServiceStack({
    bench: 'dm',
    services: [{ name: 'dm', entry: 'services/dm/src/main.ts' }],
    profileDir: process.env.BENCH_PROFILE,
  });
  const { dm, gateway, auth } = stack.processes as Record<'dm' | 'gateway' | 'auth', ServiceProcess>;
  report.say(`  dm ${dm.url}, gateway ${gateway.url}; logs in ${stack.workDir}`);
  const pool = new pg.Pool({ connectionString: stack.database.url, max: 4, options: '-c search_path=dm' });
  try {
    const members = await Promise.all(Array.from({ length: SENDERS + 1 }, (_, index) => stack.member(`no${index}`)));
    const [hub, ...senders] = members as [(typeof members)[0], ...typeof members];
    // dm learns of them from auth's events.
    const ids = members.map((member) => member.id);
    while (
      Number((await pool.query(`SELECT count(*) FROM users WHERE id = ANY($1::uuid[])`, [ids])).rows[0].count) <
      ids.length
    )
      await sleep(100);

    report.say('  seeding');
    const seedStarted = performance.now();
    const seeding = await pool.connect();
    try {
      await seedMessages(seeding, SIZE, hub.id, report.say);
    } finally {
      seeding.release();
    }
    report.figure('seeding', (performance.now() - seedStarted) / 1000, 's');
    const partners = (
      await pool.query<{ id: string }>(`SELECT ${seededUserSql('i')} AS id FROM generate_series(1, $1::int) AS i`, [
        SIZE.hubConversations,
      ])
    ).rows.map((row) => row.id);

    const run = (connections: number, seconds: number, next: () => LoadRequest) =>
      load({ url: gateway.url, connections, seconds, headers: { 'x-forwarded-for': stack.clientIp }, next });
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const list = (): LoadRequest => ({ path: '/api/direct-messages/conversations', headers: as(hub.token) });
    const messagePage = (): LoadRequest => ({
      path: `/api/direct-messages/${partners[random(partners.length)]}/messages?limit=50`,
      headers: as(hub.token),
    });
    const sql = async <Row>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as Row[];

    await run(4, 3, list);
    // One client is the member of the targets; more show how it holds under concurrency.
    const listOne = await run(1, LOAD_SECONDS, list);
    report.figure(`conversation list (${SIZE.hubConversations} conversations), 1 client, p95`, listOne.p95, 'ms', {
      target: { below: TARGETS.listP95Ms },
      note: describeLoad(listOne),
    });
    const lists = await cpuPerRequest([gateway, dm], () => run(4, LOAD_SECONDS, list));
    const listSql = await timeEach(() => conversationRepository.listOf(sql, hub.id));
    report.say(
      `  the same, 4 clients: ${describeLoad(lists)}; CPU per request ${cpuLine(lists)}; SQL alone p95 ${listSql.p95.toFixed(1)} ms`,
    );

    await run(10, 3, messagePage);
    const pageOne = await run(1, LOAD_SECONDS, messagePage);
    report.figure('message page (50), 1 client, p95', pageOne.p95, 'ms', {
      target: { below: TARGETS.pageP95Ms },
      note: describeLoad(pageOne),
    });
    const pages = await cpuPerRequest([gateway, dm], () => run(10, LOAD_SECONDS, messagePage));
    const pageSql = await timeEach(() =>
      messageRepository.pageOfPair(sql, hub.id, partners[random(partners.length)]!, 51, undefined),
    );
    report.say(
      `  the same, 10 clients: ${describeLoad(pages)}; CPU per request ${cpuLine(pages)}; SQL alone p95 ${pageSql.p95.toFixed(1)} ms`,
    );

    // Each sender writes to the hub's partners, well inside its quota.
    const send = (): LoadRequest => ({
      method: 'POST',
      path: '/api/direct-messages',
      headers: as(senders[random(senders.length)]!.token),
      json: {
        content: `bench message ${randomBytes(12).toString('hex')}`,
        recipientId: partners[random(partners.length)],
      },
    });
    const sends = await cpuPerRequest([gateway, dm, auth], () => run(50, LOAD_SECONDS, send));
    report.figure(`sends through the gateway, ${SENDERS} senders, 50 clients`, sends.rps, 'msg/s', {
      target: { atLeast: TARGETS.sendsPerSecond },
      note: `${describeLoad(sends)}; CPU per request ${cpuLine(sends)}`,
    });
    const drift = (
      await pool.query(
        `SELECT q.user_id FROM message_quotas q
       WHERE q.used_bytes > q.max_bytes OR q.used_bytes <> (SELECT COALESCE(SUM(m.message_size_bytes), 0) FROM direct_messages m
         WHERE m.sender_id = q.user_id AND NOT m.is_deleted_by_sender AND NOT m.is_deleted_by_recipient AND NOT m.is_deleted_by_admin)`,
      )
    ).rows;
    const stored = Number(
      (
        await pool.query(`SELECT count(*) FROM direct_messages WHERE sender_id = ANY($1::uuid[])`, [
          senders.map((sender) => sender.id),
        ])
      ).rows[0].count,
    );
    report.say(`  messages stored for the senders: ${stored} (the load's ${sends.ok} successful sends)`);
    report.figure('quotas drifted after the sends', drift.length, 'members', { target: { below: 1 } });
  } finally {
    await pool.end();
    await stack.stop();
  }
  report.print();
}

await runBench(main);
