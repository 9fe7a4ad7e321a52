import type pg from 'pg';
import type { DataExportFile, DataExportPart } from '@crucible/proto';
import { readDataExportFiles, readDataExportSections, type DataExportSections } from '@crucible/platform';

/** A member's part of their data export: what they wrote, voted, uploaded, watch and moderate. */
const SECTIONS: DataExportSections = {
  discussions: `SELECT * FROM discussions WHERE author_id = $1::uuid ORDER BY created_at`,
  replies: `SELECT * FROM replies WHERE author_id = $1::uuid ORDER BY created_at`,
  votes: `SELECT * FROM votes WHERE user_id = $1::uuid ORDER BY created_at`,
  pollVotes: `SELECT v.*, o.text AS option_text FROM poll_votes v LEFT JOIN poll_options o ON o.id = v.option_id
    WHERE v.user_id = $1::uuid`,
  uploadedFiles: `SELECT id, original_name, file_size, mime_type, type, public_url, discussion_id, reply_id, created_at
    FROM attachments WHERE uploaded_by = $1::uuid ORDER BY created_at`,
  watchedDiscussions: `SELECT * FROM user_watched_discussions WHERE user_id = $1::uuid`,
  moderatorOf: `SELECT * FROM forum_moderators WHERE user_id = $1::uuid`,
};

export function readMemberData(pool: pg.Pool, userId: string): Promise<DataExportPart> {
  return readDataExportSections(pool, SECTIONS, userId);
}

/** The bytes of what they uploaded go in the zip too, each named by its id and original name. */
export function readMemberFiles(pool: pg.Pool, userId: string): Promise<DataExportFile[]> {
  return readDataExportFiles(
    pool,
    `SELECT id || '-' || original_name AS name, file_path AS blob_key FROM attachments
      WHERE uploaded_by = $1::uuid ORDER BY created_at`,
    userId,
  );
}
