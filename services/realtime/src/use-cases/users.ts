import { RPC, displayName, emailSeenBy, fullName, type ContactViewer, type OnlineUser } from '@crucible/proto';
import { createReplicaFiller, type Caller, type EventBus, type Logger, type ReplicaFiller } from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { asSeenBy, type ListedMember, type MemberContact } from '../live/contact-frames.ts';
import { memberSettings } from '../repositories/member-settings.ts';
import { users, type UserFields, type UserRow } from '../repositories/users.ts';
import type { RealtimeContext } from './context.ts';

export function createUserFiller(prisma: PrismaClient, bus: EventBus, logger: Logger): ReplicaFiller<UserFields> {
  return createReplicaFiller({
    bus,
    subject: RPC.authUser,
    storeIfMissing: (row) => users.insertIfMissing(prisma, row),
    logger,
  });
}

/** The replica's rows for `ids`, asking auth for any it lacks (a member whose event is late). */
export async function usersByIds(ctx: RealtimeContext, ids: string[]): Promise<UserRow[]> {
  const known = await users.byIds(ctx.sql, ids);
  const filled = await ctx.userFiller.fillMissing(
    ids,
    known.map((row) => row.id),
  );
  return [...known, ...filled];
}

/** The online user for each id with their contact tier, in the order given, without members who hide their status. */
export async function describeOnline(ctx: RealtimeContext, ids: string[]): Promise<ListedMember[]> {
  const [known, privacy] = await Promise.all([usersByIds(ctx, ids), memberSettings.privacyOf(ctx.sql, ids)]);
  const rows = new Map(known.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row || privacy.hiding.has(id)) return [];
    return [
      {
        id: row.id,
        email: row.email,
        contactInfoVisible: privacy.contactTiers.get(id) ?? null,
        firstName: row.firstName,
        accessLevel: row.accessLevel,
        profileImageUrl: row.profileImageUrl,
      },
    ];
  });
}

/** GET /api/users/online: the list as `viewer` may read it. */
export async function onlineUsers(ctx: RealtimeContext, viewer: Caller): Promise<OnlineUser[]> {
  return (await ctx.presence.online()).map((member) => asSeenBy(viewer, member));
}

/** First plus last name, else the e-mail where `viewer` may see it, else 'Anonymous'. */
export function displayNameFor(
  viewer: ContactViewer,
  user: (Pick<UserRow, 'firstName' | 'lastName'> & MemberContact) | undefined,
): string {
  const email = user ? emailSeenBy(viewer, user) : null;
  return displayName(user && { ...user, email }, { withEmail: true, unknown: 'Anonymous' });
}

/**
 * How `member` is named to another member (a notification's title): the reader's level comes from
 * the replica, which knows no admin flag, so admins below the Admin level read the e-mail only as
 * their level allows.
 */
export async function nameSeenByMember(ctx: RealtimeContext, readerId: string, memberId: string): Promise<string> {
  const [known, privacy] = await Promise.all([
    usersByIds(ctx, [readerId, memberId]),
    memberSettings.privacyOf(ctx.sql, [memberId]),
  ]);
  const reader = known.find((row) => row.id === readerId);
  const member = known.find((row) => row.id === memberId);
  const viewer = { userId: readerId, accessLevel: reader?.accessLevel ?? 'Public', isAdmin: false } as const;
  return displayNameFor(
    viewer,
    member && { ...member, contactInfoVisible: privacy.contactTiers.get(memberId) ?? null },
  );
}

/** The sender of a chat message: the name each viewer reads is settled per socket (`chatFramesFor`). */
export async function chatSender(
  ctx: RealtimeContext,
  userId: string,
): Promise<{ sender: { id: string; name: string; avatar: string | null }; contact: MemberContact }> {
  const [[row], privacy] = await Promise.all([usersByIds(ctx, [userId]), memberSettings.privacyOf(ctx.sql, [userId])]);
  return {
    sender: { id: userId, name: fullName(row), avatar: row?.profileImageUrl ?? null },
    contact: { id: userId, email: row?.email ?? null, contactInfoVisible: privacy.contactTiers.get(userId) ?? null },
  };
}
