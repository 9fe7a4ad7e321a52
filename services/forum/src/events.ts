import type { BusEndpoint, EventBus } from '@crucible/platform';
import { serveAdminRequests } from './use-cases/admin-requests.ts';
import type { ForumContext } from './use-cases/context.ts';
import { serveDataExport } from './use-cases/data-export.ts';
import { forgetPagesOnEvents } from './use-cases/first-pages.ts';
import type { usersReplica } from './use-cases/user-replica.ts';

/**
 * What the forum takes from the bus, in the order it starts: the events it consumes (durable
 * consumer, subjects, handler) and the questions it answers (the bus parses each request by proto's
 * RPC_SCHEMAS).
 */
export function forumEvents(
  ctx: ForumContext,
  bus: EventBus,
  users: Pick<ReturnType<typeof usersReplica>, 'replicate'>,
): BusEndpoint[] {
  const { config, logger } = ctx;
  return [
    // auth.user.* -> the users replica
    () => users.replicate(bus, logger, config.FORUM_USERS_CONSUMER),
    // the forum's own discussion, reply and vote events -> forget the cached first pages they change
    () => forgetPagesOnEvents(ctx, bus, config.FORUM_PAGES_CONSUMER),
    // rpc.forum.data-export -> the member's part of a data export
    () => serveDataExport(ctx, bus),
    // rpc.forum.admin.delete-post -> a review's deletion of a reported post
    () => serveAdminRequests(ctx, bus),
  ];
}
