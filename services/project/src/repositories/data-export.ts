import type pg from 'pg';
import type { DataExportFile, DataExportPart } from '@crucible/proto';
import { readDataExportFiles, readDataExportSections, type DataExportSections } from '@crucible/platform';

/** A member's part of their data export: the projects they own and the tasks in them or assigned to them, and what
 * they wrote on tasks. */
const SECTIONS: DataExportSections = {
  projectsOwned: `SELECT * FROM projects WHERE owner_id = $1::uuid ORDER BY created_at`,
  tasks: `SELECT t.*, (p.owner_id = $1::uuid) AS in_own_project,
      (t.assignee_id = $1::uuid OR EXISTS (SELECT 1 FROM task_assignees a WHERE a.task_id = t.id AND a.user_id = $1::uuid)) AS assigned_to_member
    FROM tasks t JOIN projects p ON p.id = t.project_id
    WHERE p.owner_id = $1::uuid OR t.assignee_id = $1::uuid
       OR EXISTS (SELECT 1 FROM task_assignees a WHERE a.task_id = t.id AND a.user_id = $1::uuid)
    ORDER BY t.created_at`,
  taskHistory: `SELECT * FROM task_audit WHERE user_id = $1::uuid ORDER BY created_at`,
  uploadedFiles: `SELECT id, task_id, original_name, file_size, mime_type, type, created_at
    FROM task_attachments WHERE uploaded_by = $1::uuid ORDER BY created_at`,
  taskComments: `SELECT * FROM task_comments WHERE author_id = $1::uuid ORDER BY created_at`,
};

export function readMemberData(pool: pg.Pool, userId: string): Promise<DataExportPart> {
  return readDataExportSections(pool, SECTIONS, userId);
}

/** The bytes of the task attachments they uploaded go in the zip too, each named by its id and original name. */
export function readMemberFiles(pool: pg.Pool, userId: string): Promise<DataExportFile[]> {
  return readDataExportFiles(
    pool,
    `SELECT id || '-' || original_name AS name, file_path AS blob_key FROM task_attachments
      WHERE uploaded_by = $1::uuid ORDER BY created_at`,
    userId,
  );
}
