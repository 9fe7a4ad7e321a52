import type { AccessLevel, SearchQuery, SearchResult } from '@crucible/proto';
import { iso, parameters, type Sql } from './sql.ts';

interface HitRow {
  kind: 'discussion' | 'reply';
  discussion_id: string;
  reply_id: string | null;
  title: string;
  snippet: string;
  category: AccessLevel;
  subcategory_id: string | null;
  author_id: string;
  author_known: boolean;
  author_first_name: string | null;
  author_last_name: string | null;
  author_access_level: AccessLevel | null;
  author_profile_image_url: string | null;
  created_at: Date;
  reply_count: number;
  rank: number;
}

const ORDER: Record<SearchQuery['sortBy'], string> = {
  relevance: 'rank DESC, created_at DESC',
  newest: 'created_at DESC',
  oldest: 'created_at ASC',
  popular: 'reply_count DESC, created_at DESC',
};

/**
 * Full-text search over discussions (title weighted above content) and replies. Each branch runs
 * on its GIN index with the visibility filters on its own row (replies carry their discussion's
 * level, category and shown flag), keeps only the keys and sort fields of the rows it could
 * contribute, and the page is joined to its content and snippets last.
 */
export async function searchPosts(
  sql: Sql,
  query: SearchQuery & { viewerLevel: AccessLevel },
): Promise<{ items: SearchResult[]; hasMore: boolean }> {
  const { values, param } = parameters();
  const tsQuery = param(query.query);
  const level = `${param(query.viewerLevel)}::access_level`;
  const category = query.category === 'all' ? null : `${param(query.category)}::access_level`;
  const order = ORDER[query.sortBy];
  const branchLimit = param(query.offset + query.limit + 1);
  // Popularity is a discussion's reply count: sorted by it, the results are discussions only (ranking
  // every matching reply by its discussion's count would visit a discussion per match).
  const replies = query.sortBy !== 'popular';
  const rows = await sql<HitRow>(
    `WITH q AS (SELECT websearch_to_tsquery('english', ${tsQuery}) AS query),
     hits AS (
       (SELECT 'discussion' AS kind, d.id AS discussion_id, NULL::uuid AS reply_id, d.created_at, d.reply_count, ts_rank_cd(d.search, q.query) AS rank
        FROM discussions d, q
        WHERE d.search @@ q.query AND d.is_approved AND d.access_level <= ${level}${category ? ` AND d.category = ${category}` : ''}
        ORDER BY ${order} LIMIT ${branchLimit})
${
  replies
    ? `
       UNION ALL
       (SELECT 'reply', r.discussion_id, r.id, r.created_at, 0, ts_rank_cd(r.search, q.query) AS rank
        FROM replies r, q
        WHERE r.search @@ q.query AND r.is_approved AND r.discussion_approved AND r.access_level <= ${level}${category ? ` AND r.category = ${category}` : ''}
        ORDER BY ${order} LIMIT ${branchLimit})`
    : ''
}
     ),
     page AS (SELECT * FROM hits ORDER BY ${order}, discussion_id, reply_id NULLS FIRST LIMIT ${param(query.limit + 1)} OFFSET ${param(query.offset)})
     SELECT page.kind, page.discussion_id, page.reply_id, d.title, d.category, d.subcategory_id, coalesce(r.author_id, d.author_id) AS author_id,
            page.created_at, d.reply_count, page.rank::float8 AS rank,
            ts_headline('english', coalesce(r.content, d.content), q.query, 'StartSel=«, StopSel=», MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "') AS snippet,
            (a.id IS NOT NULL) AS author_known, a.first_name AS author_first_name, a.last_name AS author_last_name, a.access_level AS author_access_level,
            a.profile_image_url AS author_profile_image_url
     FROM page CROSS JOIN q
     JOIN discussions d ON d.id = page.discussion_id
     LEFT JOIN replies r ON r.id = page.reply_id
     LEFT JOIN users a ON a.id = coalesce(r.author_id, d.author_id)
     ORDER BY ${order.replace(/(\w+) (ASC|DESC)/g, 'page.$1 $2')}, page.discussion_id, page.reply_id NULLS FIRST`,
    values,
  );
  const items = rows.slice(0, query.limit).map((row) => ({
    kind: row.kind,
    discussionId: row.discussion_id,
    replyId: row.reply_id,
    title: row.title,
    snippet: row.snippet,
    category: row.category,
    subcategoryId: row.subcategory_id,
    author: row.author_known
      ? {
          id: row.author_id,
          firstName: row.author_first_name,
          lastName: row.author_last_name,
          accessLevel: row.author_access_level!,
          profileImageUrl: row.author_profile_image_url,
        }
      : null,
    createdAt: iso(row.created_at),
    replyCount: row.reply_count,
    rank: row.rank,
  }));
  return { items, hasMore: rows.length > query.limit };
}
