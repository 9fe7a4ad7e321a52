import type { AccessLevel, ContentFormat, Reply } from '@crucible/proto';
import type { Prisma } from '../generated/prisma/client.ts';
import { attachmentJsonSql, toAttachment, type AttachmentJson } from './attachments.ts';
import type { Db } from './db.ts';
import { placeColumns, toPlace, type DiscussionPlace, type PrefixedPlaceRow } from './discussions.ts';
import { encodeCursor, isoSql, parameters, type Cursor, type Sql } from './sql.ts';

interface ReplyRow {
  id: string;
  discussion_id: string;
  content: string;
  content_format: ContentFormat;
  content_html: string;
  author_id: string;
  parent_reply_id: string | null;
  quoted_reply_id: string | null;
  is_approved: boolean;
  upvotes: number;
  downvotes: number;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
  is_deleted: boolean;
  author_known: boolean;
  author_first_name: string | null;
  author_last_name: string | null;
  author_access_level: AccessLevel | null;
  author_profile_image_url: string | null;
  attachments: AttachmentJson[];
}

const REPLY_COLUMNS = `
  r.id, r.discussion_id, r.content, r.content_format, r.content_html, r.author_id, r.parent_reply_id, r.quoted_reply_id,
  r.is_approved, r.upvotes, r.downvotes, ${isoSql('r.created_at')} AS created_at, ${isoSql('r.updated_at')} AS updated_at,
  ${isoSql('r.edited_at')} AS edited_at, (r.deleted_at IS NOT NULL) AS is_deleted,
  (a.id IS NOT NULL) AS author_known, a.first_name AS author_first_name, a.last_name AS author_last_name, a.access_level AS author_access_level,
  a.profile_image_url AS author_profile_image_url,
  COALESCE((SELECT json_agg(${attachmentJsonSql('t')} ORDER BY t.created_at, t.id) FROM attachments t WHERE t.reply_id = r.id), '[]') AS attachments`;

function toReply(row: ReplyRow): Reply {
  return {
    id: row.id,
    discussionId: row.discussion_id,
    content: row.content,
    contentFormat: row.content_format,
    contentHtml: row.content_html,
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
    parentReplyId: row.parent_reply_id,
    quotedReplyId: row.quoted_reply_id,
    isHidden: !row.is_approved,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    // The viewer's vote is added per request (use-cases/votes.ts): cached pages are shared.
    myVote: null,
    attachments: row.attachments.map(toAttachment),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    editedAt: row.edited_at,
    isDeleted: row.is_deleted,
  };
}

export interface ReplyPage {
  items: Reply[];
  nextCursor: string | null;
}

export const replyReads = {
  /** Oldest first, a keyset page on (discussion, created_at, id), each reply with its files. */
  async page(
    sql: Sql,
    options: { discussionId: string; includeHidden: boolean; limit: number; after?: Cursor },
  ): Promise<ReplyPage> {
    const { values, param } = parameters();
    const where = [`r.discussion_id = ${param(options.discussionId)}::uuid`];
    if (!options.includeHidden) where.push('r.is_approved');
    if (options.after)
      where.push(`(r.created_at, r.id) > (${param(options.after.at)}::timestamptz, ${param(options.after.id)}::uuid)`);
    const rows = await sql<ReplyRow>(
      `SELECT ${REPLY_COLUMNS} FROM replies r LEFT JOIN users a ON a.id = r.author_id
       WHERE ${where.join(' AND ')} ORDER BY r.created_at, r.id LIMIT ${param(options.limit + 1)}`,
      values,
    );
    const items = rows.slice(0, options.limit).map(toReply);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > options.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
    };
  },

  /**
   * The approved replies page and the facts of its discussion in one round trip (the hot path:
   * the caller decides from `place` whether the viewer may have the page at all).
   */
  async pageWithPlace(
    sql: Sql,
    options: { discussionId: string; limit: number; after?: Cursor },
  ): Promise<{ place: DiscussionPlace | null; page: ReplyPage }> {
    const { values, param } = parameters();
    const discussion = param(options.discussionId);
    const after = options.after
      ? ` AND (r.created_at, r.id) > (${param(options.after.at)}::timestamptz, ${param(options.after.id)}::uuid)`
      : '';
    const rows = await sql<ReplyRow & PrefixedPlaceRow<'place_'>>(
      `SELECT ${placeColumns('d', 'place_')}, page.*
       FROM discussions d
       LEFT JOIN LATERAL (
         SELECT ${REPLY_COLUMNS} FROM replies r LEFT JOIN users a ON a.id = r.author_id
         WHERE r.discussion_id = d.id AND r.is_approved${after} ORDER BY r.created_at, r.id LIMIT ${param(options.limit + 1)}
       ) page ON true
       WHERE d.id = ${discussion}::uuid`,
      values,
    );
    const [first] = rows;
    if (!first) return { place: null, page: { items: [], nextCursor: null } };
    const place = toPlace(first, 'place_');
    const replies = rows.filter((row) => row.id !== null);
    const items = replies.slice(0, options.limit).map(toReply);
    const last = items.at(-1);
    return {
      place,
      page: {
        items,
        nextCursor: replies.length > options.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
      },
    };
  },

  async discussionIdOf(sql: Sql, id: string): Promise<string | null> {
    const [row] = await sql<{ discussion_id: string }>(`SELECT discussion_id FROM replies WHERE id = $1::uuid`, [id]);
    return row?.discussion_id ?? null;
  },

  async byId(sql: Sql, id: string): Promise<Reply | null> {
    const [row] = await sql<ReplyRow>(
      `SELECT ${REPLY_COLUMNS} FROM replies r LEFT JOIN users a ON a.id = r.author_id WHERE r.id = $1::uuid`,
      [id],
    );
    return row ? toReply(row) : null;
  },
};

export interface NewReply {
  id: string;
  discussionId: string;
  authorId: string;
  content: string;
  contentFormat: ContentFormat;
  contentHtml: string;
  parentReplyId: string | null;
  quotedReplyId: string | null;
  category: AccessLevel;
  accessLevel: AccessLevel;
  discussionApproved: boolean;
}

export const replyRepository = {
  /**
   * Inserts a reply timed by the database clock as it is written (clock_timestamp, not the
   * transaction's start): under the discussion's lock, replies are timed in the order they are counted.
   */
  async insert(db: Db, reply: NewReply): Promise<Date> {
    const [row] = await db.$queryRaw<{ created_at: Date }[]>`
      INSERT INTO replies (id, discussion_id, author_id, content, content_format, content_html, parent_reply_id, quoted_reply_id,
                           category, access_level, discussion_approved, created_at, updated_at)
      VALUES (${reply.id}::uuid, ${reply.discussionId}::uuid, ${reply.authorId}::uuid, ${reply.content}, ${reply.contentFormat}::content_format,
              ${reply.contentHtml}, ${reply.parentReplyId}::uuid, ${reply.quotedReplyId}::uuid, ${reply.category}::access_level,
              ${reply.accessLevel}::access_level, ${reply.discussionApproved}, clock_timestamp(), clock_timestamp())
      RETURNING created_at`;
    return row!.created_at;
  },
  /** Where a reply stands: its discussion, author and whether it is shown. */
  findPlacement: (db: Db, id: string) =>
    db.reply.findUnique({ where: { id }, select: { discussionId: true, authorId: true, isApproved: true } }),
  findById: (db: Db, id: string) => db.reply.findUnique({ where: { id } }),
  update: (db: Db, id: string, data: Prisma.ReplyUpdateInput) => db.reply.update({ where: { id }, data }),
  /** Leaves the reply as a placeholder without its text (search no longer finds it). */
  markDeleted: (db: Db, id: string) =>
    db.reply.update({
      where: { id },
      data: { deletedAt: new Date(), content: '', contentHtml: '', editedAt: null },
    }),
  /** Hiding or showing a discussion hides or shows its replies in search with it. */
  setDiscussionApproved: (db: Db, discussionId: string, approved: boolean) =>
    db.reply.updateMany({ where: { discussionId }, data: { discussionApproved: approved } }),
};
