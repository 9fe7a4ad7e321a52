import { randomUUID } from 'node:crypto';
import type { Education, EducationInput, Workplace, WorkplaceInput } from '@crucible/proto';
import type { Db } from './db.ts';

const WORKPLACE = {
  id: true,
  companyName: true,
  jobTitle: true,
  startDate: true,
  endDate: true,
  isCurrent: true,
  description: true,
  location: true,
} as const;
const EDUCATION = {
  id: true,
  institution: true,
  degree: true,
  fieldOfStudy: true,
  startDate: true,
  endDate: true,
  isOngoing: true,
  description: true,
  location: true,
} as const;

/**
 * Serialises the replaces of one member's work and education lists (held to the transaction's end),
 * so two replaces based on the same load cannot both pass the loaded-ids check; an advisory lock
 * works for an empty list too, where a row lock would lock nothing.
 */
export const lockHistory = (db: Db, userId: string) =>
  // Advisory locks are a PostgreSQL function, not a model operation.
  db.$queryRaw<{ pg_advisory_xact_lock: string }[]>`
    SELECT pg_advisory_xact_lock(hashtextextended('profile.history:' || ${userId}, 0))::text`;

/** A blank end date means the entry is still going on. */
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

const byPosition = [{ position: 'asc' }, { createdAt: 'asc' }] as const;

export const workplaces = {
  list: (db: Db, userId: string): Promise<Workplace[]> =>
    db.workplace.findMany({ where: { userId }, orderBy: [...byPosition], select: WORKPLACE }),
  ids: async (db: Db, userId: string) =>
    (await db.workplace.findMany({ where: { userId }, select: { id: true } })).map((row) => row.id),
  deleteAll: async (db: Db, userId: string) => (await db.workplace.deleteMany({ where: { userId } })).count,
  /** Appends the entry after the member's last one. */
  async add(db: Db, userId: string, entry: WorkplaceInput): Promise<Workplace> {
    const endDate = blankToNull(entry.endDate);
    const { _max } = await db.workplace.aggregate({ where: { userId }, _max: { position: true } });
    return db.workplace.create({
      data: {
        id: randomUUID(),
        userId,
        position: _max.position === null ? 0 : _max.position + 1,
        companyName: entry.companyName,
        jobTitle: entry.jobTitle ?? null,
        startDate: blankToNull(entry.startDate),
        endDate,
        isCurrent: Boolean(entry.isCurrent) || endDate === null,
        description: entry.description ?? null,
        location: entry.location ?? null,
      },
      select: WORKPLACE,
    });
  },
};

export const education = {
  list: (db: Db, userId: string): Promise<Education[]> =>
    db.education.findMany({ where: { userId }, orderBy: [...byPosition], select: EDUCATION }),
  ids: async (db: Db, userId: string) =>
    (await db.education.findMany({ where: { userId }, select: { id: true } })).map((row) => row.id),
  deleteAll: async (db: Db, userId: string) => (await db.education.deleteMany({ where: { userId } })).count,
  /** Appends the entry after the member's last one. */
  async add(db: Db, userId: string, entry: EducationInput): Promise<Education> {
    const endDate = blankToNull(entry.endDate);
    const { _max } = await db.education.aggregate({ where: { userId }, _max: { position: true } });
    return db.education.create({
      data: {
        id: randomUUID(),
        userId,
        position: _max.position === null ? 0 : _max.position + 1,
        institution: entry.institution,
        degree: entry.degree ?? null,
        fieldOfStudy: entry.fieldOfStudy ?? null,
        startDate: blankToNull(entry.startDate),
        endDate,
        isOngoing: Boolean(entry.isOngoing) || endDate === null,
        description: entry.description ?? null,
        location: entry.location ?? null,
      },
      select: EDUCATION,
    });
  },
};
