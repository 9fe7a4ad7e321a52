import type pg from 'pg';

export interface SeedSize {
  messages: number;
  conversations: number;
  /** Conversations of the one member whose list is measured. */
  hubConversations: number;
}

/** An RFC 9562 uuid (version 4, variant 8) derived from a text, so the API's uuid checks accept it. */
const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

/** Seeded members have ids derived from their number, so the bench can name them without reading them back. */
export const seededUserSql = (index: string) => uuidOf(`'dm-bench-user-' || ${index}`);

/**
 * Seeds the dm schema with generate_series, as the service would have written it: members in the
 * replica, messages spread evenly over conversations (the hub's first), then the quota and
 * conversation rows computed from the messages, so they are exact. The last two messages of each
 * conversation stay unread.
 */
export async function seedMessages(
  client: pg.PoolClient,
  size: SeedSize,
  hubId: string,
  say: (line: string) => void,
): Promise<void> {
  const users = size.conversations + 1;
  await client.query(
    `INSERT INTO users (id, email, first_name, last_name, access_level)
    SELECT ${seededUserSql('i')}, 'member' || i || '@bench.test', 'Member', 'No. ' || i, 'Apprentice' FROM generate_series(0, $1::int - 1) AS i`,
    [users],
  );
  // Conversation k: the hub and member k for the hub's, else members k and k+1.
  await client.query(
    `CREATE TEMP TABLE bench_pairs AS
    SELECT k, CASE WHEN k < $2 THEN $3::uuid ELSE ${seededUserSql('k')} END AS a, ${seededUserSql('k + 1')} AS b
    FROM generate_series(0, $1::int - 1) AS k`,
    [size.conversations, size.hubConversations, hubId],
  );
  const batch = 100_000;
  for (let from = 0; from < size.messages; from += batch) {
    const to = Math.min(size.messages, from + batch) - 1;
    await client.query(
      `INSERT INTO direct_messages (id, content, sender_id, recipient_id, is_read, read_at, message_size_bytes, created_at)
       SELECT ${uuidOf(`'dm-bench-message-' || i`)}, content,
              CASE WHEN (i / $3) % 2 = 0 THEN p.a ELSE p.b END, CASE WHEN (i / $3) % 2 = 0 THEN p.b ELSE p.a END,
              i < $4 - 2 * $3, CASE WHEN i < $4 - 2 * $3 THEN now() END, octet_length(content),
              now() - make_interval(secs => ($4 - i) * 0.5)
       FROM generate_series($1::int, $2::int) AS i
       JOIN bench_pairs p ON p.k = i % $3
       CROSS JOIN LATERAL (SELECT 'Message ' || i || ': ' || repeat('lorem ipsum ', 1 + i % 12) AS content) c`,
      [from, to, size.conversations, size.messages],
    );
    say(`    ${to + 1} messages`);
  }
  // A member seeded with more than the default quota (the hub has 500 busy conversations) has had it raised.
  await client.query(`INSERT INTO message_quotas (user_id, used_bytes, max_bytes)
    SELECT sender_id, SUM(message_size_bytes), GREATEST(1048576, SUM(message_size_bytes)) FROM direct_messages GROUP BY sender_id`);
  await client.query(`INSERT INTO conversation_quotas (user_id, other_user_id, used_bytes, message_count, unread_count, last_message_at)
    SELECT me, other, SUM(CASE WHEN sender_id = me THEN message_size_bytes ELSE 0 END), count(*),
           count(*) FILTER (WHERE recipient_id = me AND NOT is_read), max(created_at)
    FROM (SELECT sender_id AS me, recipient_id AS other, * FROM direct_messages UNION ALL SELECT recipient_id, sender_id, * FROM direct_messages) sides
    GROUP BY me, other`);
  await client.query(`UPDATE conversation_quotas c SET last_message_id = last.id, last_message_preview = left(last.content, 500), last_message_created_at = last.created_at
    FROM (SELECT DISTINCT ON (pair_low, pair_high) pair_low, pair_high, id, content, created_at FROM direct_messages ORDER BY pair_low, pair_high, created_at DESC, id DESC) last
    WHERE last.pair_low = LEAST(c.user_id, c.other_user_id) AND last.pair_high = GREATEST(c.user_id, c.other_user_id)`);
  await client.query('ANALYZE');
}
