import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * The ids the seed gives, so the load can pick rows without asking: the md5 of a label with the
 * version and variant bits of a v4 uuid (the service accepts RFC 9562 uuids only).
 */
export function seededId(label: string): string {
  const md5 = createHash('md5').update(label).digest('hex');
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
export const discussionId = (index: number) => seededId(`bench-d-${index}`);
export const topicId = (index: number) => seededId(`bench-topic-${index}`);

export const TOPICS = 100;
const AUTHORS = 1000;
const TEXTS = 20_000;

/** Pronounceable made-up words: a vocabulary whose word frequencies the load's search queries can rely on. */
export function vocabulary(size = 4000): string[] {
  const onsets = [
    'b',
    'c',
    'd',
    'f',
    'g',
    'k',
    'l',
    'm',
    'n',
    'p',
    'r',
    's',
    't',
    'v',
    'z',
    'br',
    'dr',
    'st',
    'pl',
    'tr',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
  const codas = ['', 'n', 'r', 'l', 'x', 'nd', 'rt'];
  const words = new Set<string>();
  let seed = 42;
  // xorshift32: repeatable, and exact in 32-bit integer arithmetic.
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  while (words.size < size) {
    const syllables = 2 + (next() % 2);
    let word = '';
    for (let index = 0; index < syllables; index += 1)
      word += onsets[next() % onsets.length]! + vowels[next() % vowels.length]! + codas[next() % codas.length]!;
    words.add(word);
  }
  return [...words];
}

export interface SeedSize {
  discussions: number;
  replies: number;
}

/**
 * Fills the forum schema with generate_series: topics in the four forums, authors in the users
 * replica, discussions over two years, replies spread over them, then the counters the service
 * keeps. Secondary indexes are dropped for the bulk insert and built again after, as a restore would.
 */
export async function seedForum(client: pg.PoolClient, size: SeedSize, log: (line: string) => void): Promise<void> {
  const words = vocabulary();
  const step = async (label: string, sql: string, values: unknown[] = []) => {
    const started = Date.now();
    await client.query(sql, values);
    log(`    ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await client.query(`CREATE FUNCTION pg_temp.bench_uuid(label text) RETURNS uuid LANGUAGE sql IMMUTABLE
    AS $$ SELECT overlay(overlay(md5(label) placing '4' from 13) placing '8' from 17)::uuid $$`);
  await client.query(
    `SET maintenance_work_mem = '256MB'; SET synchronous_commit = off; SET max_parallel_maintenance_workers = 2`,
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = 'forum' AND tablename IN ('discussions', 'replies') AND indexname NOT LIKE '%_pkey'`,
  );
  await step('dropped secondary indexes', indexes.map((index) => `DROP INDEX forum."${index.name}";`).join('\n'));

  await step(
    'texts',
    `CREATE TEMP TABLE bench_texts AS
    SELECT t AS id,
      (SELECT string_agg(($1::text[])[1 + abs(hashtext(t || ':' || i)) % cardinality($1::text[])], ' ') FROM generate_series(1, 12 + t % 40) i) AS body,
      (SELECT initcap(string_agg(($1::text[])[1 + abs(hashtext('title' || t || ':' || i)) % cardinality($1::text[])], ' ')) FROM generate_series(1, 3 + t % 6) i) AS title
    FROM generate_series(0, ${TEXTS - 1}) t`,
    [words],
  );

  await step(
    `${AUTHORS} authors`,
    `INSERT INTO users (id, email, first_name, last_name, access_level)
    SELECT pg_temp.bench_uuid('bench-user-' || u), 'bench' || u || '@bench.test', initcap(($1::text[])[1 + u]), initcap(($1::text[])[2000 + u]),
           (ARRAY['Apprentice', 'Journeyman', 'Master', 'Core'])[1 + u % 4]::access_level
    FROM generate_series(1, ${AUTHORS}) u ON CONFLICT DO NOTHING`,
    [words],
  );

  await step(
    `${TOPICS} topics`,
    `INSERT INTO subcategories (id, name, description, category, slug, access_level)
    SELECT pg_temp.bench_uuid('bench-topic-' || s), 'Topic ' || s, 'Seeded topic', category, 'bench-topic-' || s, category::text::access_level
    FROM generate_series(0, ${TOPICS - 1}) s, LATERAL (SELECT (ARRAY['Apprentice', 'Journeyman', 'Master', 'Core'])[1 + s % 4]::forum_category AS category) c`,
  );

  await step(
    `${size.discussions} discussions`,
    `INSERT INTO discussions
      (id, title, content, content_format, content_html, category, subcategory_id, author_id, access_level, created_at, updated_at)
    SELECT pg_temp.bench_uuid('bench-d-' || d), t.title, b.body, 'markdown', '<p>' || b.body || '</p>',
           s.access_level, s.id, pg_temp.bench_uuid('bench-user-' || (1 + d % ${AUTHORS})), s.access_level, at, at
    FROM generate_series(0, ${size.discussions - 1}) d
    JOIN subcategories s ON s.id = pg_temp.bench_uuid('bench-topic-' || (d % ${TOPICS}))
    JOIN bench_texts t ON t.id = (d * 7) % ${TEXTS}
    JOIN bench_texts b ON b.id = (d * 13 + 5) % ${TEXTS}
    CROSS JOIN LATERAL (SELECT now() - (${size.discussions} - d) * interval '10 minutes' AS at) created`,
  );

  // A discussion's level is its topic's category (topic d % TOPICS, category topic % 4, as above).
  await step(
    `${size.replies} replies`,
    `INSERT INTO replies (id, discussion_id, author_id, content, content_format, content_html, category, access_level, created_at, updated_at)
    SELECT pg_temp.bench_uuid('bench-r-' || r), pg_temp.bench_uuid('bench-d-' || d), pg_temp.bench_uuid('bench-user-' || (1 + r % ${AUTHORS})), b.body, 'markdown', '<p>' || b.body || '</p>',
           level, level, at, at
    FROM generate_series(0, ${size.replies - 1}) r
    CROSS JOIN LATERAL (SELECT abs(hashtext('reply' || r)) % ${size.discussions} AS d) pick
    CROSS JOIN LATERAL (SELECT (ARRAY['Apprentice', 'Journeyman', 'Master', 'Core'])[1 + (d % ${TOPICS}) % 4]::access_level AS level) placed
    JOIN bench_texts b ON b.id = (r * 17 + 3) % ${TEXTS}
    CROSS JOIN LATERAL (SELECT least(now(), now() - (${size.discussions} - d) * interval '10 minutes' + (abs(hashtext('at' || r)) % 86400) * interval '1 second') AS at) created`,
  );

  await step('rebuilt indexes', indexes.map((index) => `${index.definition};`).join('\n'));
  await step(
    'reply counters',
    `UPDATE discussions d SET reply_count = x.replies, last_reply_at = x.last_at, last_reply_author_id = x.last_author
    FROM (SELECT discussion_id, count(*)::int AS replies, max(created_at) AS last_at, (array_agg(author_id ORDER BY created_at DESC, id DESC))[1] AS last_author
          FROM replies GROUP BY discussion_id) x
    WHERE d.id = x.discussion_id`,
  );
  await step(
    'topic counters',
    `UPDATE subcategories s SET discussion_count = (SELECT count(*)::int FROM discussions d WHERE d.subcategory_id = s.id)`,
  );
  await step('vacuum analyze', 'VACUUM (ANALYZE) discussions, replies, subcategories, users');
}
