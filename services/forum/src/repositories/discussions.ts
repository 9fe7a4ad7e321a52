import type {
  AccessLevel,
  Attachment,
  ContentFormat,
  DiscussionSummary,
  DiscussionType,
  PostVoteType,
  WatchedDiscussion,
} from '@crucible/proto';
import type { Prisma } from '../generated/prisma/client.ts';
import { attachmentJsonSql, toAttachment, type AttachmentJson } from './attachments.ts';
import type { Db } from './db.ts';
import { encodeCursor, isoSql, parameters, type Cursor, type Sql } from './sql.ts';

/** Which hidden (unapproved) discussions a list may show: none, all, or those in a moderator's scope. */
export type HiddenFilter = 'none' | 'all' | { categories: string[]; subcategoryIds: string[] };

export interface DiscussionListFilter {
  viewerLevel: AccessLevel;
  hidden: HiddenFilter;
  category?: AccessLevel;
  /** A topic's id; null: discussions in no topic; undefined: any. */
  subcategoryId?: string | null;
  authorId?: string;
  discussionType: DiscussionType | 'all';
  tag?: string;
  limit: number;
  before?: Cursor;
}

interface DiscussionRow {
  id: string;
  title: string;
  content: string;
  content_format: ContentFormat;
  category: AccessLevel;
  subcategory_id: string | null;
  parent_category_id: string | null;
  discussion_type: DiscussionType;
  min_access_level: AccessLevel;
  access_level: AccessLevel;
  author_id: string;
  created_at: string;
  updated_at: string;
  reply_count: number;
  last_reply_at: string | null;
  last_reply_author_id: string | null;
  is_pinned: boolean;
  is_locked: boolean;
  is_approved: boolean;
  view_count: number;
  upvotes: number;
  downvotes: number;
  author_known: boolean;
  author_first_name: string | null;
  author_last_name: string | null;
  author_access_level: AccessLevel | null;
  author_profile_image_url: string | null;
  last_first_name: string | null;
  last_last_name: string | null;
  last_profile_image_url: string | null;
  has_poll: boolean;
  attachment_count: number;
  tags: string[] | null;
  edited_at: string | null;
  /** The viewer's vote, where a read asks for it (the single discussion); shared pages leave it out. */
  my_vote?: PostVoteType | null;
}

const SUMMARY_COLUMNS = `
  d.id, d.title, d.content, d.content_format, d.category, d.subcategory_id, d.parent_category_id,
  d.discussion_type, d.min_access_level, d.access_level, d.author_id, ${isoSql('d.created_at')} AS created_at,
  ${isoSql('d.updated_at')} AS updated_at, d.reply_count, ${isoSql('d.last_reply_at')} AS last_reply_at, d.last_reply_author_id, d.is_pinned, d.is_locked, d.is_approved, d.view_count, d.upvotes, d.downvotes,
  (a.id IS NOT NULL) AS author_known, a.first_name AS author_first_name, a.last_name AS author_last_name,
  a.access_level AS author_access_level, l.first_name AS last_first_name, l.last_name AS last_last_name,
  a.profile_image_url AS author_profile_image_url, l.profile_image_url AS last_profile_image_url,
  EXISTS (SELECT 1 FROM polls p WHERE p.discussion_id = d.id) AS has_poll,
  (SELECT count(*)::int FROM attachments t WHERE t.discussion_id = d.id) AS attachment_count,
  (SELECT array_agg(g.name ORDER BY g.name) FROM discussion_tags dt JOIN tags g ON g.id = dt.tag_id WHERE dt.discussion_id = d.id) AS tags,
  ${isoSql('d.edited_at')} AS edited_at`;

const SUMMARY_JOINS = `
  LEFT JOIN users a ON a.id = d.author_id
  LEFT JOIN users l ON l.id = d.last_reply_author_id`;

export function toDiscussionSummary(row: DiscussionRow): DiscussionSummary {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    contentFormat: row.content_format,
    category: row.category,
    subcategoryId: row.subcategory_id,
    subcategory_id: row.subcategory_id,
    parentCategoryId: row.parent_category_id,
    parent_category_id: row.parent_category_id,
    discussionType: row.discussion_type,
    minAccessLevel: row.min_access_level,
    accessLevel: row.access_level,
    authorId: row.author_id,
    author: row.author_known
      ? {
          id: row.author_id,
          firstName: row.author_first_name,
          lastName: row.author_last_name,
          accessLevel: row.author_access_level!,
          profileImageUrl: row.author_profile_image_url,
        }
      : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    replyCount: row.reply_count,
    lastReplyAuthor: row.last_reply_author_id
      ? { firstName: row.last_first_name, lastName: row.last_last_name, profileImageUrl: row.last_profile_image_url }
      : null,
    lastReplyTimestamp: row.last_reply_at,
    lastReplyAt: row.last_reply_at,
    hasPoll: row.has_poll,
    attachmentCount: row.attachment_count,
    isPinned: row.is_pinned,
    isLocked: row.is_locked,
    isHidden: !row.is_approved,
    viewCount: row.view_count,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    myVote: row.my_vote ?? null,
    tags: row.tags ?? [],
    editedAt: row.edited_at,
    // Per viewer, added per request (use-cases/visits.ts): cached pages are shared.
    newReplyCount: 0,
  };
}

function hiddenCondition(hidden: HiddenFilter, param: (value: unknown) => string): string {
  if (hidden === 'none') return 'd.is_approved';
  if (hidden === 'all') return 'true';
  return `(d.is_approved OR d.category::text = ANY(${param(hidden.categories)}::text[]) OR d.subcategory_id = ANY(${param(hidden.subcategoryIds)}::uuid[]))`;
}

export interface DiscussionPage {
  items: DiscussionSummary[];
  nextCursor: string | null;
}

export interface WatchedPage {
  items: WatchedDiscussion[];
  nextCursor: string | null;
}

export interface DiscussionWithDetail {
  summary: DiscussionSummary;
  contentHtml: string;
  attachments: Attachment[];
  isWatched: boolean;
  lastVisitedAt: string | null;
}

export const discussionReads = {
  /**
   * A page, newest first (a topic's pinned discussions first): a keyset scan on the index that
   * matches the filter, so a page costs the same at any depth.
   */
  async page(sql: Sql, filter: DiscussionListFilter): Promise<DiscussionPage> {
    const { values, param } = parameters();
    const where = [
      `d.access_level <= ${param(filter.viewerLevel)}::access_level`,
      hiddenCondition(filter.hidden, param),
    ];
    if (filter.discussionType !== 'all')
      where.push(`d.discussion_type = ${param(filter.discussionType)}::discussion_type`);
    if (filter.category) where.push(`d.category = ${param(filter.category)}::access_level`);
    if (filter.subcategoryId) where.push(`d.subcategory_id = ${param(filter.subcategoryId)}::uuid`);
    else if (filter.subcategoryId === null) where.push('d.subcategory_id IS NULL');
    if (filter.authorId) where.push(`d.author_id = ${param(filter.authorId)}::uuid`);
    if (filter.tag)
      where.push(
        `EXISTS (SELECT 1 FROM discussion_tags dt JOIN tags g ON g.id = dt.tag_id WHERE dt.discussion_id = d.id AND g.name = ${param(filter.tag.toLowerCase())})`,
      );
    const pinnedFirst = Boolean(filter.subcategoryId);
    if (filter.before) {
      where.push(
        pinnedFirst
          ? `(d.is_pinned, d.created_at, d.id) < (${param(filter.before.pinned ?? false)}::boolean, ${param(filter.before.at)}::timestamptz, ${param(filter.before.id)}::uuid)`
          : `(d.created_at, d.id) < (${param(filter.before.at)}::timestamptz, ${param(filter.before.id)}::uuid)`,
      );
    }
    const order = pinnedFirst ? 'd.is_pinned DESC, d.created_at DESC, d.id DESC' : 'd.created_at DESC, d.id DESC';
    const rows = await sql<DiscussionRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM discussions d ${SUMMARY_JOINS} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${param(filter.limit + 1)}`,
      values,
    );
    const items = rows.slice(0, filter.limit).map(toDiscussionSummary);
    const last = items.at(-1);
    const nextCursor =
      rows.length > filter.limit && last
        ? encodeCursor({ pinned: pinnedFirst ? last.isPinned : undefined, at: last.createdAt, id: last.id })
        : null;
    return { items, nextCursor };
  },

  async summary(sql: Sql, id: string): Promise<DiscussionSummary | null> {
    const [row] = await sql<DiscussionRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM discussions d ${SUMMARY_JOINS} WHERE d.id = $1::uuid`,
      [id],
    );
    return row ? toDiscussionSummary(row) : null;
  },

  /** One round trip: the discussion, its own attachments, whether the viewer watches it and their vote. */
  async detail(sql: Sql, id: string, viewerId: string): Promise<DiscussionWithDetail | null> {
    const [row] = await sql<
      DiscussionRow & {
        content_html: string;
        attachments: AttachmentJson[];
        is_watched: boolean;
        last_visited_at: string | null;
      }
    >(
      `SELECT ${SUMMARY_COLUMNS}, d.content_html,
         COALESCE((SELECT json_agg(${attachmentJsonSql('t')} ORDER BY t.created_at, t.id) FROM attachments t WHERE t.discussion_id = d.id), '[]') AS attachments,
         EXISTS (SELECT 1 FROM user_watched_discussions w WHERE w.discussion_id = d.id AND w.user_id = $2::uuid) AS is_watched,
         (SELECT v.vote_type FROM votes v WHERE v.discussion_id = d.id AND v.user_id = $2::uuid) AS my_vote,
         (SELECT ${isoSql('s.last_seen_at')} FROM discussion_visits s WHERE s.discussion_id = d.id AND s.user_id = $2::uuid) AS last_visited_at
       FROM discussions d ${SUMMARY_JOINS} WHERE d.id = $1::uuid`,
      [id, viewerId],
    );
    if (!row) return null;
    return {
      summary: toDiscussionSummary(row),
      contentHtml: row.content_html,
      attachments: row.attachments.map(toAttachment),
      isWatched: row.is_watched,
      lastVisitedAt: row.last_visited_at,
    };
  },

  /** A member's watched discussions that the viewer may see, most recently watched first. */
  async watchedPage(
    sql: Sql,
    options: { userId: string; viewerLevel: AccessLevel; limit: number; before?: Cursor },
  ): Promise<WatchedPage> {
    const { values, param } = parameters();
    const where = [
      `w.user_id = ${param(options.userId)}::uuid`,
      `d.access_level <= ${param(options.viewerLevel)}::access_level`,
      'd.is_approved',
    ];
    if (options.before)
      where.push(
        `(w.watched_at, w.id) < (${param(options.before.at)}::timestamptz, ${param(options.before.id)}::uuid)`,
      );
    const rows = await sql<DiscussionRow & { watched_at: string; watch_id: string }>(
      `SELECT ${SUMMARY_COLUMNS}, ${isoSql('w.watched_at')} AS watched_at, w.id AS watch_id
       FROM user_watched_discussions w JOIN discussions d ON d.id = w.discussion_id ${SUMMARY_JOINS}
       WHERE ${where.join(' AND ')} ORDER BY w.watched_at DESC, w.id DESC LIMIT ${param(options.limit + 1)}`,
      values,
    );
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({ ...toDiscussionSummary(row), watchedAt: row.watched_at })),
      nextCursor: rows.length > options.limit && last ? encodeCursor({ at: last.watched_at, id: last.watch_id }) : null,
    };
  },

  /**
   * How many discussions each level forum's list of all discussions shows a viewer at `viewerLevel`
   * (shown, plain discussions, at or below the level), by category; categories without any are left out.
   */
  async countsByCategory(sql: Sql, viewerLevel: AccessLevel): Promise<Map<AccessLevel, number>> {
    const rows = await sql<{ category: AccessLevel; discussion_count: number }>(
      `SELECT category, count(*)::int AS discussion_count FROM discussions
       WHERE is_approved AND discussion_type = 'discussion' AND access_level <= $1::access_level
       GROUP BY category`,
      [viewerLevel],
    );
    return new Map(rows.map((row) => [row.category, row.discussion_count]));
  },

  /** The facts access decisions need, without the content. */
  async placeOf(sql: Sql, id: string): Promise<DiscussionPlace | null> {
    const [row] = await sql<DiscussionPlaceRow>(
      `SELECT ${placeColumns('discussions')} FROM discussions WHERE id = $1::uuid`,
      [id],
    );
    return row ? toPlace(row) : null;
  },
};

interface DiscussionPlaceRow {
  id: string;
  title: string;
  author_id: string;
  category: AccessLevel;
  subcategory_id: string | null;
  access_level: AccessLevel;
  discussion_type: DiscussionType;
  is_locked: boolean;
  is_approved: boolean;
}

/** Where a discussion sits and who may act on it. */
export interface DiscussionPlace {
  id: string;
  title: string;
  authorId: string;
  category: AccessLevel;
  subcategoryId: string | null;
  accessLevel: AccessLevel;
  discussionType: DiscussionType;
  isLocked: boolean;
  isHidden: boolean;
}

const PLACE_COLUMNS = [
  'id',
  'title',
  'author_id',
  'category',
  'subcategory_id',
  'access_level',
  'discussion_type',
  'is_locked',
  'is_approved',
] as const;

/** A place's columns, renamed with `prefix` when they share a row with another table's (a join). */
export type PrefixedPlaceRow<Prefix extends string> = {
  [Column in keyof DiscussionPlaceRow as `${Prefix}${Column}`]: DiscussionPlaceRow[Column];
};

export function placeColumns(table: string, prefix = ''): string {
  return PLACE_COLUMNS.map((column) => `${table}.${column}${prefix ? ` AS ${prefix}${column}` : ''}`).join(', ');
}

export function toPlace<Prefix extends string = ''>(
  row: PrefixedPlaceRow<Prefix>,
  prefix = '' as Prefix,
): DiscussionPlace {
  const column = <Column extends keyof DiscussionPlaceRow>(name: Column) =>
    (row as Record<string, unknown>)[`${prefix}${name}`] as DiscussionPlaceRow[Column];
  return {
    id: column('id'),
    title: column('title'),
    authorId: column('author_id'),
    category: column('category'),
    subcategoryId: column('subcategory_id'),
    accessLevel: column('access_level'),
    discussionType: column('discussion_type'),
    isLocked: column('is_locked'),
    isHidden: !column('is_approved'),
  };
}

export const discussionWrites = {
  /**
   * Locks the discussion row for the rest of the transaction: every change to its replies and
   * counters goes through this lock, so concurrent replies and deletes keep the counters exact.
   */
  async lockPlace(sql: Sql, id: string): Promise<DiscussionPlace | null> {
    const [row] = await sql<DiscussionPlaceRow>(
      `SELECT ${placeColumns('discussions')} FROM discussions WHERE id = $1::uuid FOR UPDATE`,
      [id],
    );
    return row ? toPlace(row) : null;
  },

  /** A new reply (under the lock): one more, and it is the latest. */
  async countNewReply(sql: Sql, id: string, authorId: string, at: Date): Promise<void> {
    await sql(
      `UPDATE discussions SET reply_count = reply_count + 1, last_reply_at = $2, last_reply_author_id = $3::uuid WHERE id = $1::uuid`,
      [id, at, authorId],
    );
  },

  /**
   * After a reply is deleted, hidden or shown again (under the lock): counted from the replies
   * themselves; a deleted reply's placeholder is not counted.
   */
  async recountReplies(sql: Sql, id: string): Promise<void> {
    await sql(
      `UPDATE discussions d SET
         reply_count = (SELECT count(*)::int FROM replies r WHERE r.discussion_id = d.id AND r.is_approved AND r.deleted_at IS NULL),
         last_reply_at = latest.created_at,
         last_reply_author_id = latest.author_id
       FROM (SELECT NULL) AS nothing
       LEFT JOIN LATERAL (
         SELECT r.created_at, r.author_id FROM replies r WHERE r.discussion_id = $1::uuid AND r.is_approved AND r.deleted_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT 1
       ) latest ON true
       WHERE d.id = $1::uuid`,
      [id],
    );
  },

  create: (db: Db, data: Prisma.DiscussionUncheckedCreateInput) => db.discussion.create({ data }),
  /** What an edit keeps when the patch leaves it out. */
  editable: (db: Db, id: string) =>
    db.discussion.findUniqueOrThrow({
      where: { id },
      select: { content: true, contentFormat: true, title: true, minAccessLevel: true },
    }),
  /** A move to another topic: the replies' copies of the category and level follow the discussion. */
  moveReplies: (db: Db, id: string, place: { category: AccessLevel; accessLevel: AccessLevel }) =>
    db.reply.updateMany({
      where: { discussionId: id },
      data: { category: place.category, accessLevel: place.accessLevel },
    }),
  update: (db: Db, id: string, data: Prisma.DiscussionUncheckedUpdateInput) =>
    db.discussion.update({ where: { id }, data }),
  delete: (db: Db, id: string) => db.discussion.delete({ where: { id } }),
};
