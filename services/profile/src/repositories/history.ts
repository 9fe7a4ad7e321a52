import { randomUUID } from 'node:crypto';
import type { Education, EducationInput, Workplace, WorkplaceInput } from '@crucible/proto';
import { execute, rows, type Db } from './db.ts';

const WORKPLACE = `id::text, company_name AS "companyName", job_title AS "jobTitle", start_date AS "startDate",
  end_date AS "endDate", is_current AS "isCurrent", description, location`;
const EDUCATION = `id::text, institution, degree, field_of_study AS "fieldOfStudy", start_date AS "startDate",
  end_date AS "endDate", is_ongoing AS "isOngoing", description, location`;

/**
 * Serialises the replaces of one member's work and education lists (held to the transaction's end),
 * so two replaces based on the same load cannot both pass the loaded-ids check; an advisory lock
 * works for an empty list too, where a row lock would lock nothing.
 */
export const lockHistory = (db: Db, userId: string) =>
  rows(db, `SELECT pg_advisory_xact_lock(hashtextextended('profile.history:' || $1, 0))::text`, userId);

/** A blank end date means the entry is still going on. */
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

/** What the work and the education list share: a member's entries of `table`, read as `columns`. */
function memberEntries<Entry>(table: 'user_workplaces' | 'user_education', columns: string) {
  return {
    list: (db: Db, userId: string) =>
      rows<Entry>(db, `SELECT ${columns} FROM ${table} WHERE user_id = $1::uuid ORDER BY position, created_at`, userId),
    ids: async (db: Db, userId: string) =>
      (await rows<{ id: string }>(db, `SELECT id::text FROM ${table} WHERE user_id = $1::uuid`, userId)).map(
        (row) => row.id,
      ),
    deleteAll: (db: Db, userId: string) => execute(db, `DELETE FROM ${table} WHERE user_id = $1::uuid`, userId),
  };
}

export const workplaces = {
  ...memberEntries<Workplace>('user_workplaces', WORKPLACE),
  async add(db: Db, userId: string, entry: WorkplaceInput): Promise<Workplace> {
    const endDate = blankToNull(entry.endDate);
    const [row] = await rows<Workplace>(
      db,
      `INSERT INTO user_workplaces (id, user_id, position, company_name, job_title, start_date, end_date, is_current, description, location)
       VALUES ($1::uuid, $2::uuid, (SELECT COALESCE(MAX(position) + 1, 0) FROM user_workplaces WHERE user_id = $2::uuid),
         $3, $4, $5, $6, $7, $8, $9)
       RETURNING ${WORKPLACE}`,
      randomUUID(),
      userId,
      entry.companyName,
      entry.jobTitle ?? null,
      blankToNull(entry.startDate),
      endDate,
      Boolean(entry.isCurrent) || endDate === null,
      entry.description ?? null,
      entry.location ?? null,
    );
    return row!;
  },
};

export const education = {
  ...memberEntries<Education>('user_education', EDUCATION),
  async add(db: Db, userId: string, entry: EducationInput): Promise<Education> {
    const endDate = blankToNull(entry.endDate);
    const [row] = await rows<Education>(
      db,
      `INSERT INTO user_education (id, user_id, position, institution, degree, field_of_study, start_date, end_date, is_ongoing, description, location)
       VALUES ($1::uuid, $2::uuid, (SELECT COALESCE(MAX(position) + 1, 0) FROM user_education WHERE user_id = $2::uuid),
         $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING ${EDUCATION}`,
      randomUUID(),
      userId,
      entry.institution,
      entry.degree ?? null,
      entry.fieldOfStudy ?? null,
      blankToNull(entry.startDate),
      endDate,
      Boolean(entry.isOngoing) || endDate === null,
      entry.description ?? null,
      entry.location ?? null,
    );
    return row!;
  },
};
