import type { BusEndpoint, EventBus } from '@crucible/platform';
import type { ProjectContext } from './use-cases/context.ts';
import { serveDataExport } from './use-cases/data-export.ts';
import type { usersReplica } from './use-cases/user-replica.ts';

/**
 * What the project service takes from the bus, in the order it starts: the events it consumes
 * (durable consumer, subjects, handler) and the questions it answers.
 */
export function projectEvents(
  ctx: ProjectContext,
  bus: EventBus,
  users: Pick<ReturnType<typeof usersReplica>, 'replicate'>,
): BusEndpoint[] {
  return [
    // auth.user.* -> the users replica
    () => users.replicate(bus, ctx.logger, ctx.config.PROJECT_USERS_CONSUMER),
    // rpc.project.data-export -> the member's part of a data export
    () => serveDataExport(ctx, bus),
  ];
}
