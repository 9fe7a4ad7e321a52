import { type ForumAuthor } from '@crucible/proto';
import { serviceUsersReplica } from '@crucible/platform';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { purgeMember } from '../repositories/member-purge.ts';
import { userReplica } from '../repositories/users.ts';
import { FORUM_SCHEMA, type Tx, type ForumContext } from './context.ts';
import { announceWithdrawnVotes } from './votes.ts';

/**
 * The users replica (names, pictures and levels of authors, watchers, mentioned members), kept from
 * auth's events; a deleted member leaves it and takes with them what this service removes
 * (member-purge.ts).
 */
export function usersReplica(prisma: PrismaClient) {
  return serviceUsersReplica<Tx>({
    schema: FORUM_SCHEMA,
    runInTransaction: (work) => prisma.$transaction(work),
    rows: {
      upsert: (tx, user) => userReplica.upsert(tx, user),
      delete: (tx, userId) => userReplica.delete(tx, userId),
      insertIfMissing: (user) => userReplica.insertIfMissing(prisma, user),
    },
    purgeMember: async (tx, id) => announceWithdrawnVotes(tx, id, await purgeMember(tx, id)),
  });
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
