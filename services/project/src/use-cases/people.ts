import type { Caller } from '@crucible/platform';
import { FORMER_MEMBER_NAME, type ProjectPerson } from '@crucible/proto';
import { people } from '../repositories/users.ts';
import type { Db } from '../repositories/db.ts';
import { requireProjectAccess } from './access.ts';
import type { ProjectContext } from './context.ts';

const personOf = (user: { id: string; firstName: string | null; lastName: string | null; email: string | null }) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});

/**
 * Names for the project pages: Core members and admins, and every assignee whatever their level now
 * (a member demoted after being assigned, or an admin). Assignees the replica lacks are asked of auth.
 */
export async function listProjectPeople(ctx: ProjectContext, caller: Caller): Promise<ProjectPerson[]> {
  requireProjectAccess(caller);
  const missing = await people.unknownAssignees(ctx.prisma);
  const filled = missing.length ? await ctx.users.fillMissing(missing, []) : [];
  const known = await people.onProjects(ctx.prisma);
  const listed = new Set(known.map((person) => person.id));
  return [...known, ...filled.filter((user) => !listed.has(user.id)).map(personOf)];
}

/** First and last name, else the e-mail; a member auth no longer knows is a former member. */
export function nameOf(person: Pick<ProjectPerson, 'firstName' | 'lastName' | 'email'> | undefined): string {
  if (!person) return FORMER_MEMBER_NAME;
  return [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.email || FORMER_MEMBER_NAME;
}

/** Names by id from the replica, filling rows it lacks from auth. */
export async function namesOf(ctx: ProjectContext, db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const known = await people.byIds(db, unique);
  const filled = await ctx.users.fillMissing(
    unique,
    known.map((person) => person.id),
  );
  return new Map([...known, ...filled.map(personOf)].map((person) => [person.id, nameOf(person)]));
}
