import {
  RPC,
  displayName,
  dmAdminMessageSchema,
  type AdminConversationList,
  type AdminConversationMessages,
  type AdminDirectMessageList,
  type BulkDelete,
  type BulkDeleteResult,
  type BulkFlag,
  type BulkFlagResult,
} from '@crucible/proto';
import { requireAdmin, type Caller } from '@crucible/platform';
import { z } from 'zod';
import { flagRepository } from '../repositories/flags.ts';
import { snapshotRepository, type MessageSearch } from '../repositories/snapshots.ts';
import { inTransaction, type AdminContext } from './context.ts';
import { findMessage } from './message-snapshots.ts';
import { nameIn, peopleOf } from './names.ts';
import { askOwner, ownerActorOf } from './owners.ts';
import { peopleIdsOf, toMessageFlag } from './review-views.ts';

export async function listConversations(
  ctx: AdminContext,
  actor: Caller,
  query: { limit: number; offset: number },
): Promise<AdminConversationList> {
  requireAdmin(actor);
  const rows = await askOwner(ctx, 'dm', (options) =>
    ctx.bus.request(
      RPC.dmAdminConversations,
      { adminId: actor.userId, limit: query.limit + 1, offset: query.offset },
      options,
    ),
  );
  return {
    conversations: rows.slice(0, query.limit).map((row) => ({
      user1Id: row.user1.id,
      user2Id: row.user2.id,
      user1Name: displayName(row.user1, { withEmail: true }),
      user2Name: displayName(row.user2, { withEmail: true }),
      messageCount: row.messageCount,
      totalBytes: row.totalBytes,
      lastActivity: row.lastMessageAt,
    })),
    hasMore: rows.length > query.limit,
  };
}

/** A pair's messages, deleted ones too; dm records the viewing as conversation_view with the reason and the admin's IP. */
export async function viewConversation(
  ctx: AdminContext,
  actor: Caller,
  pair: { user1Id: string; user2Id: string },
  request: { reason: string; limit: number; cursor?: string },
): Promise<AdminConversationMessages> {
  requireAdmin(actor);
  const page = await askOwner(ctx, 'dm', (options) =>
    ctx.bus.request(
      RPC.dmAdminMessages,
      { adminId: actor.userId, actor: ownerActorOf(actor), ...pair, ...request },
      options,
    ),
  );
  const people = await peopleOf(ctx, [pair.user1Id, pair.user2Id]);
  const deletedAt = new Map(
    (
      await snapshotRepository.findMany(
        ctx.prisma,
        page.messages.map((message) => message.id),
      )
    ).map((snapshot) => [snapshot.messageId, snapshot.deletedAt?.toISOString() ?? null]),
  );
  const isDeleted = (message: z.infer<typeof dmAdminMessageSchema>) =>
    message.isDeletedByAdmin || message.isDeletedBySender || message.isDeletedByRecipient;
  return {
    user1: people.get(pair.user1Id)!,
    user2: people.get(pair.user2Id)!,
    messages: page.messages.map((message) => ({
      id: message.id,
      senderId: message.senderId,
      recipientId: message.recipientId,
      senderName: nameIn(people, message.senderId),
      recipientName: nameIn(people, message.recipientId),
      content: message.content,
      createdAt: message.createdAt,
      attachments: [],
      isDeletedByAdmin: message.isDeletedByAdmin,
      deletionReason: message.deletionReason,
      deletedAt: isDeleted(message) ? (deletedAt.get(message.id) ?? null) : null,
    })),
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
  };
}

/** The most recent messages of all members, from what this service keeps of dm's messages. */
export async function listDirectMessages(
  ctx: AdminContext,
  actor: Caller,
  query: MessageSearch,
): Promise<AdminDirectMessageList> {
  requireAdmin(actor);
  const { rows, total } = await snapshotRepository.search(ctx.prisma, query);
  const people = await peopleOf(
    ctx,
    rows.flatMap((row) => [row.senderId, row.recipientId]),
  );
  return {
    messages: rows.map((row) => ({
      id: row.messageId,
      senderId: row.senderId,
      recipientId: row.recipientId,
      senderName: nameIn(people, row.senderId),
      recipientName: nameIn(people, row.recipientId),
      content: row.content,
      createdAt: row.sentAt.toISOString(),
      attachments: [],
      isDeletedByAdmin: row.deletedByAdmin,
      deletionReason: row.deletionReason,
      deletedAt: row.deletedAt?.toISOString() ?? null,
    })),
    total,
  };
}

/** What dm's bulk questions carry: the admin (and what dm audits of them), the messages and the reason. */
function bulkRequest(actor: Caller, body: { messageIds: string[]; reason: string }) {
  return { adminId: actor.userId, actor: ownerActorOf(actor), messageIds: body.messageIds, reason: body.reason };
}

/** dm deletes them for both members and records bulk_delete (the audit log adds one row per message). */
export async function bulkDelete(ctx: AdminContext, actor: Caller, body: BulkDelete): Promise<BulkDeleteResult> {
  requireAdmin(actor);
  const { deleted } = await askOwner(ctx, 'dm', (options) =>
    ctx.bus.request(RPC.dmAdminBulkDelete, bulkRequest(actor, body), options),
  );
  return { deleted, count: deleted.length };
}

/** dm checks the messages exist and records message_flag per message; the flags themselves are kept here. */
export async function bulkFlag(ctx: AdminContext, actor: Caller, body: BulkFlag): Promise<BulkFlagResult> {
  requireAdmin(actor);
  const { flagged } = await askOwner(ctx, 'dm', (options) =>
    ctx.bus.request(RPC.dmAdminBulkFlag, bulkRequest(actor, body), options),
  );
  // A flag points at the kept copy of its message: one whose event has not arrived is asked of dm.
  for (const messageId of flagged) await findMessage(ctx, messageId);
  const flaggedBy = actor.userId;
  const rows = await inTransaction(ctx, (tx) =>
    flagRepository.createMany(
      tx,
      flagged.map((messageId) => ({ messageId, flaggedBy, reason: body.reason, priority: body.priority })),
    ),
  );
  const people = await peopleOf(ctx, peopleIdsOf(rows));
  return { flags: rows.map((row) => toMessageFlag(row, people)), count: rows.length };
}
