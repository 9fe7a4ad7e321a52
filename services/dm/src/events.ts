import { RPC } from '@crucible/proto';
import { assertStorableText, type BusEndpoint, type EventBus } from '@crucible/platform';
import * as admin from './use-cases/admin.ts';
import { blockedBetween, messageable } from './use-cases/blocks.ts';
import type { DmContext } from './use-cases/context.ts';
import { serveDataExport } from './use-cases/data-export.ts';
import { replicateMemberSettings } from './use-cases/member-settings.ts';
import type { usersReplica } from './use-cases/user-replica.ts';

/** A bulk action's reason is stored: the platform's text hygiene guards it here as it guards every HTTP body. */
function storable<Request>(request: Request): Request {
  assertStorableText({ body: request });
  return request;
}

/**
 * What dm takes from the bus, in the order it starts: the events it consumes (durable consumer,
 * subjects, handler) and the questions it answers. The bus parses each request by proto's
 * RPC_SCHEMAS and answers the outcome, refusals included, as data; each replier only delegates.
 */
export function dmEvents(ctx: DmContext, bus: EventBus, users: ReturnType<typeof usersReplica>): BusEndpoint[] {
  const { config, logger } = ctx;
  return [
    // auth.user.* -> the users replica
    () => users.replicate(bus, logger, config.DM_USERS_CONSUMER),
    // profile.settings.updated -> each member's Direct Messages switch and contact tier
    () => replicateMemberSettings(ctx, bus, config.DM_PROFILE_CONSUMER),
    // The admin console's questions, realtime's block check for typing, profile's 'Message' check.
    () =>
      Promise.all([
        bus.reply(RPC.dmAdminConversations, (request) => admin.adminConversations(ctx, request)),
        bus.reply(RPC.dmAdminMessages, (request) => admin.adminMessages(ctx, request)),
        bus.reply(RPC.dmAdminBulkDelete, (request) => admin.adminBulkDelete(ctx, storable(request))),
        bus.reply(RPC.dmAdminBulkFlag, (request) => admin.adminBulkFlag(ctx, storable(request))),
        bus.reply(RPC.dmMessageSnapshot, (request) => admin.messageSnapshot(ctx, request.messageId)),
        bus.reply(RPC.dmBlockedBetween, (request) => blockedBetween(ctx, request)),
        bus.reply(RPC.dmMessageable, (request) => messageable(ctx, request)),
      ]),
    // rpc.dm.data-export -> the member's part of a data export
    () => serveDataExport(ctx, bus),
  ];
}
