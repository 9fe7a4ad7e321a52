import { RPC, SUBJECTS, displayName, type AdminPerson, type EventOf, type UserEventPayload } from '@crucible/proto';
import {
  createReplicaFiller,
  subscribeIdempotent,
  type EventBus,
  type Logger,
  type ReplicaFiller,
  type Subscription,
} from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { snapshotRepository } from '../repositories/snapshots.ts';
import { userReplica } from '../repositories/users.ts';
import { ADMIN_SCHEMA, type AdminContext, type Tx } from './context.ts';

const USER_SUBJECTS = [SUBJECTS.userCreated, SUBJECTS.userUpdated, SUBJECTS.userDeleted];

async function applyUserEvent(event: EventOf<(typeof USER_SUBJECTS)[number]>, tx: Tx): Promise<void> {
  if (event.subject === SUBJECTS.userDeleted) {
    // The name stays (old audit entries still say who acted); the member's messages go, but evidence stays.
    await userReplica.markDeleted(tx, event.payload.id);
    await snapshotRepository.purgeMember(tx, event.payload.id.toLowerCase(), new Date(event.occurredAt));
  } else await userReplica.upsert(tx, event.payload);
}

/** Keeps members' names from auth's events. */
export function replicateUsers(ctx: AdminContext, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus: ctx.bus,
    durable,
    subjects: USER_SUBJECTS,
    schema: ADMIN_SCHEMA,
    logger: ctx.logger,
    runInTransaction: <T>(work: (tx: Tx) => Promise<T>) => ctx.prisma.$transaction(work),
    handler: (event, tx) => applyUserEvent(event, tx),
  });
}

export function userReplicaFiller(
  prisma: PrismaClient,
  bus: EventBus,
  logger: Logger,
  timeoutMs: number,
): ReplicaFiller<UserEventPayload> {
  return createReplicaFiller({
    bus,
    subject: RPC.authUser,
    storeIfMissing: (user) => userReplica.insertIfMissing(prisma, user),
    logger,
    timeoutMs,
  });
}

/** The people these ids name; one the replica lacks is asked of auth, and an unknown one is 'Unknown User'. */
export async function peopleOf(ctx: AdminContext, ids: Iterable<string | null>): Promise<Map<string, AdminPerson>> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  const people = new Map<string, AdminPerson>();
  if (wanted.length === 0) return people;
  const known = await userReplica.findMany(ctx.prisma, wanted);
  const filled = await ctx.users.fillMissing(
    wanted,
    known.map((user) => user.id),
  );
  for (const user of [...known, ...filled])
    people.set(user.id, { id: user.id, name: displayName(user, { withEmail: true }), email: user.email });
  for (const id of wanted) if (!people.has(id)) people.set(id, { id, name: 'Unknown User', email: null });
  return people;
}

export function nameIn(people: Map<string, AdminPerson>, id: string): string;
export function nameIn(people: Map<string, AdminPerson>, id: string | null): string | null;
export function nameIn(people: Map<string, AdminPerson>, id: string | null): string | null {
  return id ? (people.get(id)?.name ?? 'Unknown User') : null;
}
