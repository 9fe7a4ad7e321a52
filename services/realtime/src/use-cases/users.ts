import { RPC, userEventPayloadSchema, type ChatSender, type OnlineUser } from '@crucible/proto';
import { createReplicaFiller, type EventBus, type Logger, type ReplicaFiller } from '@crucible/platform';
import type pg from 'pg';
import { memberSettings } from '../repositories/member-settings.ts';
import { users, type UserFields, type UserRow } from '../repositories/users.ts';
import type { RealtimeContext } from './context.ts';

export function createUserFiller(pool: pg.Pool, bus: EventBus, logger: Logger): ReplicaFiller<UserFields> {
  return createReplicaFiller({
    bus,
    subject: RPC.authUser,
    schema: userEventPayloadSchema,
    storeIfMissing: (row) => users.insertIfMissing(pool, row),
    logger,
  });
}

/** The replica's rows for `ids`, asking auth for any it lacks (a member whose event is late). */
export async function usersByIds(ctx: RealtimeContext, ids: string[]): Promise<UserRow[]> {
  const known = await users.byIds(ctx.pool, ids);
  const filled = await ctx.userFiller.fillMissing(
    ids,
    known.map((row) => row.id),
  );
  return [...known, ...filled];
}

/** The spec's online user for each id, in the order given, without members who hide their status. */
export async function describeOnline(ctx: RealtimeContext, ids: string[]): Promise<OnlineUser[]> {
  const [known, hiding] = await Promise.all([usersByIds(ctx, ids), memberSettings.hiding(ctx.pool, ids)]);
  const rows = new Map(known.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row || hiding.has(id)) return [];
    return [
      {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        accessLevel: row.accessLevel,
        profileImageUrl: row.profileImageUrl,
      },
    ];
  });
}

/** Spec 1: first plus last name, else e-mail, else 'Anonymous'. */
export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'> | undefined): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || user?.email || 'Anonymous';
}

export async function chatSender(ctx: RealtimeContext, userId: string): Promise<ChatSender> {
  const [row] = await usersByIds(ctx, [userId]);
  return { id: userId, name: displayName(row), avatar: row?.profileImageUrl ?? null };
}
