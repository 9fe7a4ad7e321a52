import {
  RPC,
  dmAdminBulkRequestSchema,
  dmAdminConversationsRequestSchema,
  dmAdminMessagesRequestSchema,
  dmBlockedBetweenRequestSchema,
  dmMessageableRequestSchema,
  dmMessageSnapshotRequestSchema,
  type DmAdminBulkRequest,
} from '@crucible/proto';
import { answerAsData, assertStorableText, type EventBus, type Subscription } from '@crucible/platform';
import * as admin from '../use-cases/admin.ts';
import { blockedBetween, messageable } from '../use-cases/blocks.ts';
import type { DmContext } from '../use-cases/context.ts';

/** The reason is stored: the platform's text hygiene guards it here as it guards every HTTP body. */
function parseBulk(payload: unknown): DmAdminBulkRequest {
  assertStorableText({ body: payload });
  return dmAdminBulkRequestSchema.parse(payload);
}

/**
 * Other services' questions to dm, over request-reply (the admin console's, realtime's block check for
 * typing, profile's 'Message' check): parse, delegate, answer the outcome as data.
 */
export function replyToAdmin(ctx: DmContext, bus: EventBus): Promise<Subscription[]> {
  return Promise.all([
    bus.reply(RPC.dmAdminConversations, (payload) =>
      answerAsData(() => admin.adminConversations(ctx, dmAdminConversationsRequestSchema.parse(payload))),
    ),
    bus.reply(RPC.dmAdminMessages, (payload) =>
      answerAsData(() => admin.adminMessages(ctx, dmAdminMessagesRequestSchema.parse(payload))),
    ),
    bus.reply(RPC.dmAdminBulkDelete, (payload) => answerAsData(() => admin.adminBulkDelete(ctx, parseBulk(payload)))),
    bus.reply(RPC.dmAdminBulkFlag, (payload) => answerAsData(() => admin.adminBulkFlag(ctx, parseBulk(payload)))),
    bus.reply(RPC.dmMessageSnapshot, (payload) =>
      answerAsData(() => admin.messageSnapshot(ctx, dmMessageSnapshotRequestSchema.parse(payload).messageId)),
    ),
    bus.reply(RPC.dmBlockedBetween, (payload) =>
      answerAsData(() => blockedBetween(ctx, dmBlockedBetweenRequestSchema.parse(payload))),
    ),
    bus.reply(RPC.dmMessageable, (payload) =>
      answerAsData(() => messageable(ctx, dmMessageableRequestSchema.parse(payload))),
    ),
  ]);
}
