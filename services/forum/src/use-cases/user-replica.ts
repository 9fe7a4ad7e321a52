import { type ForumAuthor, type UserEventPayload } from '@crucible/proto';
import {
  authUserFiller,
  replicateAuthUsers,
  type EventBus,
  type Logger,
  type ReplicaFiller,
  type SqlExecutor,
  type Subscription,
  type UserReplicaWriter,
} from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica } from '../repositories/users.ts';
import { FORUM_SCHEMA, type ForumContext, type Tx } from './context.ts';
import { announceWithdrawnVotes } from './votes.ts';

/** A deleted member leaves the replica and takes with them what this service removes (member-purge.ts). */
const replicaWriter: UserReplicaWriter<Tx> = {
  upsert: (tx, user) => userReplica.upsert(tx, user),
  async delete(tx, userId) {
    await userReplica.delete(tx, userId);
    const id = userId.toLowerCase();
    await announceWithdrawnVotes(tx, id, await purgeMember(tx, id));
  },
};

/** Keeps the users replica (names and levels of authors, watchers, mentioned members) from auth's events. */
export function replicateUsers(ctx: ForumContext, bus: EventBus, durable: string): Promise<Subscription> {
  return replicateAuthUsers<Tx>({
    bus,
    durable,
    schema: FORUM_SCHEMA,
    logger: ctx.logger,
    runInTransaction: (work) => ctx.prisma.$transaction((tx) => work(tx as unknown as SqlExecutor)),
    replica: replicaWriter,
  });
}

/** Asks auth for a user the replica lacks (a sign-up whose event is not applied yet). */
export function userReplicaFiller(
  prisma: PrismaClient,
  bus: EventBus,
  logger: Logger,
): ReplicaFiller<UserEventPayload> {
  return authUserFiller({ bus, logger, storeIfMissing: (user) => userReplica.insertIfMissing(prisma, user) });
}

/** Makes sure the replica holds `userId` before it is shown as an author; an unknown id stays unknown. */
export async function ensureUserKnown(ctx: ForumContext, userId: string): Promise<void> {
  if (await userReplica.findById(ctx.prisma, userId)) return;
  await ctx.users.fill(userId);
}

/**
 * Fills the authors a page shows as unknown (`author: null`) and puts their names and pictures in, so
 * a member whose sign-up event is late is still shown by name.
 */
export async function withKnownAuthors<
  Item extends {
    authorId: string;
    author: ForumAuthor | null;
  },
>(ctx: ForumContext, items: Item[]): Promise<Item[]> {
  const unknown = items.filter((item) => item.author === null).map((item) => item.authorId);
  if (unknown.length === 0) return items;
  const filled = new Map((await ctx.users.fillMissing(unknown, [])).map((user) => [user.id, user]));
  return items.map((item) => {
    const user = item.author === null ? filled.get(item.authorId) : undefined;
    return user
      ? {
          ...item,
          author: {
            id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            accessLevel: user.accessLevel,
            profileImageUrl: user.profileImageUrl,
          },
        }
      : item;
  });
}
