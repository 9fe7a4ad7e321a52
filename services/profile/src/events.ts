import type { BusEndpoint, EventBus } from '@crucible/platform';
import type { ProfileContext } from './use-cases/context.ts';
import { serveDataExport } from './use-cases/data-export.ts';
import { countForumActivity } from './use-cases/forum-stats.ts';
import type { usersReplica } from './use-cases/user-replica.ts';

/**
 * What the profile service takes from the bus, in the order it starts: the events it consumes
 * (durable consumer, subjects, handler) and the questions it answers.
 */
export function profileEvents(
  ctx: ProfileContext,
  bus: EventBus,
  users: Pick<ReturnType<typeof usersReplica>, 'replicate'>,
): BusEndpoint[] {
  const { config, logger } = ctx;
  return [
    // auth.user.* -> the users replica
    () => users.replicate(bus, logger, config.PROFILE_USERS_CONSUMER),
    // forum.discussion.created, forum.reply.created, forum.vote.cast -> each member's forum statistics
    () => countForumActivity(ctx, config.PROFILE_FORUM_CONSUMER),
    // rpc.profile.data-export -> the member's part of a data export
    () => serveDataExport(ctx),
  ];
}
