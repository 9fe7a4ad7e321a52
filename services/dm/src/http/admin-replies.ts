import { RPC, type DmAdminBulkRequest } from '@crucible/proto';
import { assertStorableText, type EventBus, type Subscription } from '@crucible/platform';
import * as admin from '../use-cases/admin.ts';
import { blockedBetween, messageable } from '../use-cases/blocks.ts';
import type { DmContext } from '../use-cases/context.ts';

/** The reason is stored: the platform's text hygiene guards it here as it guards every HTTP body. */
function storable(request: DmAdminBulkRequest): DmAdminBulkRequest {
  assertStorableText({ body: request });
  return request;
}

/**
 * Other services' questions to dm, over request-reply (the admin console's, realtime's block check for
 * typing, profile's 'Message' check): the bus parses each request by proto's RPC_SCHEMAS and answers
 * the outcome, refusals included, as data; each handler delegates.
 */
export function replyToAdmin(ctx: DmContext, bus: EventBus): Promise<Subscription[]> {
  return Promise.all([
    bus.reply(RPC.dmAdminConversations, (request) => admin.adminConversations(ctx, request)),
    bus.reply(RPC.dmAdminMessages, (request) => admin.adminMessages(ctx, request)),
    bus.reply(RPC.dmAdminBulkDelete, (request) => admin.adminBulkDelete(ctx, storable(request))),
    bus.reply(RPC.dmAdminBulkFlag, (request) => admin.adminBulkFlag(ctx, storable(request))),
    bus.reply(RPC.dmMessageSnapshot, (request) => admin.messageSnapshot(ctx, request.messageId)),
    bus.reply(RPC.dmBlockedBetween, (request) => blockedBetween(ctx, request)),
    bus.reply(RPC.dmMessageable, (request) => messageable(ctx, request)),
  ]);
}
