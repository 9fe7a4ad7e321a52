import {
  DM_MESSAGES,
  SUBJECTS,
  dmAdminBulkRequestSchema,
  dmAdminConversationsRequestSchema,
  dmAdminMessagesRequestSchema,
  type AdminActionPayload,
  type DmAdminActor,
  type DmMessageCreatedPayload,
  type DmMessageDeletedPayload,
  type ContactViewer,
} from '@crucible/proto';
import { ForbiddenError, NotFoundError } from '@crucible/platform';
import type { z } from 'zod';
import { conversationRepository } from '../repositories/conversations.ts';
import { messageRepository, toDirectMessage } from '../repositories/messages.ts';
import { quotaRepository } from '../repositories/quotas.ts';
import { decodeCursor, encodeCursor, sqlOnPool } from '../repositories/sql.ts';
import { conversationUserOf, userReplica } from '../repositories/users.ts';
import { inTransaction, type DmContext, type Emit } from './context.ts';
import { releaseMessage } from './messages.ts';

/** Admin questions arrive over request-reply with the admin's id; the rule is checked here, not by the caller. */
async function requireAdmin(ctx: DmContext, adminId: string): Promise<void> {
  const admin = await userReplica.findById(ctx.prisma, adminId);
  if (!admin || !(admin.isAdmin || admin.accessLevel === 'Admin')) throw new ForbiddenError(DM_MESSAGES.adminsOnly);
}

/** The action for the audit log, with the admin's IP, user agent and session as the admin service passed them. */
function adminAction(
  emit: Emit,
  actor: DmAdminActor,
  action: Omit<AdminActionPayload, 'ipAddress' | 'userAgent' | 'sessionId'>,
): Promise<void> {
  return emit(SUBJECTS.dmAdminAction, {
    ...action,
    ipAddress: actor?.ipAddress ?? null,
    userAgent: actor?.userAgent ?? null,
    sessionId: actor?.sessionId ?? null,
  } satisfies AdminActionPayload);
}

/** Admins see every member's contact information. */
const ADMIN_VIEWER = (adminId: string): ContactViewer => ({ userId: adminId, accessLevel: 'Admin', isAdmin: true });

export async function adminConversations(ctx: DmContext, request: z.infer<typeof dmAdminConversationsRequestSchema>) {
  await requireAdmin(ctx, request.adminId);
  const rows = await conversationRepository.adminList(sqlOnPool(ctx.pool), request.limit, request.offset);
  const users = new Map(
    (await userReplica.findMany(ctx.prisma, [...new Set(rows.flatMap((row) => [row.user_id, row.other_user_id]))])).map(
      (user) => [user.id, user],
    ),
  );
  const show = (id: string) => {
    const user = users.get(id);
    return user
      ? {
          id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          preferredName: user.preferredName,
          accessLevel: user.accessLevel,
          profileImageUrl: user.profileImageUrl,
        }
      : conversationUserOf(ADMIN_VIEWER(request.adminId), id, {
          former_member: false,
          email: null,
          contact_info_visible: null,
          first_name: null,
          last_name: null,
          preferred_name: null,
          access_level: null,
          profile_image_url: null,
        });
  };
  return rows.map((row) => ({
    user1: show(row.user_id),
    user2: show(row.other_user_id),
    messageCount: row.message_count,
    totalBytes: row.total_bytes,
    lastMessageAt: row.last_message_at,
  }));
}

/** A pair's messages, deleted ones included; the viewing is itself an audited action. */
export async function adminMessages(ctx: DmContext, request: z.infer<typeof dmAdminMessagesRequestSchema>) {
  await requireAdmin(ctx, request.adminId);
  const after = decodeCursor(request.cursor);
  const rows = await messageRepository.adminPageOfPair(
    sqlOnPool(ctx.pool),
    request.user1Id.toLowerCase(),
    request.user2Id.toLowerCase(),
    request.limit + 1,
    after,
  );
  const hasMore = rows.length > request.limit;
  const page = rows.slice(0, request.limit);
  const oldest = page.at(-1);
  await inTransaction(ctx, (_sql, emit) =>
    adminAction(emit, request.actor, {
      adminId: request.adminId,
      actionType: 'conversation_view',
      targetUserId: request.user1Id,
      description: 'Viewed a conversation',
      details: { user1Id: request.user1Id, user2Id: request.user2Id, reason: request.reason },
    }),
  );
  return {
    messages: page.reverse().map((row) => ({
      ...toDirectMessage(row),
      isDeletedBySender: row.is_deleted_by_sender,
      isDeletedByRecipient: row.is_deleted_by_recipient,
      isDeletedByAdmin: row.is_deleted_by_admin,
      deletedByAdminId: row.deleted_by_admin_id,
      deletionReason: row.deletion_reason,
    })),
    nextCursor: hasMore && oldest ? encodeCursor({ at: oldest.created_at, id: oldest.id }) : null,
    hasMore,
  };
}

/** Deletes the live ones of these messages for both members, freeing their bytes; one audited bulk action. */
export async function adminBulkDelete(
  ctx: DmContext,
  request: z.infer<typeof dmAdminBulkRequestSchema>,
): Promise<{ deleted: string[] }> {
  await requireAdmin(ctx, request.adminId);
  const ids = [...new Set(request.messageIds.map((id) => id.toLowerCase()))];
  return inTransaction(ctx, async (sql, emit) => {
    const deleted: string[] = [];
    // Sorted by sender, each locked as a member's own delete locks it (quota, pair, message).
    for (const candidate of await messageRepository.findLiveMany(sql, ids)) {
      await quotaRepository.lock(sql, candidate.sender_id);
      await conversationRepository.lockPair(sql, candidate.sender_id, candidate.recipient_id);
      const message = await messageRepository.lockLive(sql, candidate.id);
      if (!message) continue;
      await messageRepository.markDeletedByAdmin(sql, message.id, request.adminId, request.reason);
      await releaseMessage(sql, message);
      await emit(SUBJECTS.dmMessageDeleted, {
        id: message.id,
        senderId: message.sender_id,
        recipientId: message.recipient_id,
        deletedBy: 'admin',
        deletedByAdminId: request.adminId,
        reason: request.reason,
      } satisfies DmMessageDeletedPayload);
      deleted.push(message.id);
    }
    if (deleted.length === 0) throw new NotFoundError(DM_MESSAGES.messageNotFound);
    await adminAction(emit, request.actor, {
      adminId: request.adminId,
      actionType: 'bulk_delete',
      targetUserId: null,
      description: `Deleted ${deleted.length} message(s)`,
      details: { messageIds: deleted, reason: request.reason },
    });
    return { deleted };
  });
}

/** Flags are the admin service's records; dm checks the messages exist and publishes the audited action it records. */
export async function adminBulkFlag(
  ctx: DmContext,
  request: z.infer<typeof dmAdminBulkRequestSchema>,
): Promise<{ flagged: string[] }> {
  await requireAdmin(ctx, request.adminId);
  const ids = [...new Set(request.messageIds.map((id) => id.toLowerCase()))];
  const found = await messageRepository.findLiveMany(sqlOnPool(ctx.pool), ids);
  if (found.length === 0) throw new NotFoundError(DM_MESSAGES.messageNotFound);
  const flagged = found.map((message) => message.id);
  await inTransaction(ctx, (_sql, emit) =>
    adminAction(emit, request.actor, {
      adminId: request.adminId,
      actionType: 'message_flag',
      targetUserId: null,
      description: `Flagged ${flagged.length} message(s)`,
      details: { messageIds: flagged, reason: request.reason },
    }),
  );
  return { flagged };
}

/** What the admin service keeps of a message, for a report that arrives before dm's event does. */
export async function messageSnapshot(ctx: DmContext, messageId: string): Promise<DmMessageCreatedPayload> {
  const message = await messageRepository.find(sqlOnPool(ctx.pool), messageId.toLowerCase());
  if (!message) throw new NotFoundError(DM_MESSAGES.messageNotFound);
  return {
    id: message.id,
    content: message.content,
    senderId: message.sender_id,
    recipientId: message.recipient_id,
    createdAt: message.created_at,
    messageSizeBytes: message.message_size_bytes,
  };
}
