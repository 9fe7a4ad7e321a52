import { randomUUID } from 'node:crypto';
import type { AccessLevel, ContentFormat } from '@crucible/proto';
import type { Db } from './db.ts';
import { isoSql, type Sql } from './sql.ts';

/** A previous version of a post, as stored (the use case renders its content). */
export interface RevisionRow {
  id: string;
  title: string | null;
  content: string;
  content_format: ContentFormat;
  replaced_at: string;
  editor_id: string;
  editor_known: boolean;
  editor_first_name: string | null;
  editor_last_name: string | null;
  editor_access_level: AccessLevel | null;
  editor_profile_image_url: string | null;
}

export interface NewRevision {
  discussionId: string;
  replyId: string | null;
  title: string | null;
  content: string;
  contentFormat: ContentFormat;
  editedBy: string;
}

export const revisionRepository = {
  /** Keeps the version an edit replaces (inside the edit's transaction). */
  record: (db: Db, revision: NewRevision) => db.postRevision.create({ data: { id: randomUUID(), ...revision } }),

  /** A discussion's (replyId null) or a reply's previous versions, newest first. */
  list: (sql: Sql, discussionId: string, replyId: string | null) =>
    sql<RevisionRow>(
      `SELECT p.id, p.title, p.content, p.content_format, ${isoSql('p.created_at')} AS replaced_at, p.edited_by AS editor_id,
         (u.id IS NOT NULL) AS editor_known, u.first_name AS editor_first_name, u.last_name AS editor_last_name,
         u.access_level AS editor_access_level, u.profile_image_url AS editor_profile_image_url
       FROM post_revisions p LEFT JOIN users u ON u.id = p.edited_by
       WHERE p.discussion_id = $1::uuid AND ${replyId ? 'p.reply_id = $2::uuid' : 'p.reply_id IS NULL'}
       ORDER BY p.created_at DESC, p.id DESC`,
      replyId ? [discussionId, replyId] : [discussionId],
    ),

  /** A deleted reply keeps none of its text, its earlier versions included. */
  deleteOfReply: (db: Db, replyId: string) => db.postRevision.deleteMany({ where: { replyId } }),
};
