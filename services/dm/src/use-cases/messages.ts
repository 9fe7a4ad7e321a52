import { randomUUID } from 'node:crypto';
import {
  DM_MESSAGES,
  SUBJECTS,
  messageSizeBytes,
  type DirectMessage,
  type DmMessageCreatedPayload,
  type DmMessageDeletedPayload,
  type DmMessageEditedPayload,
  type EditMessageRequest,
  LIMITS,
  type DmMessageReadPayload,
  type MessagePage,
  type MessagePageQuery,
  type SendMessageRequest,
} from '@crucible/proto';
import { BadRequestError, ForbiddenError, HttpError, NotFoundError, type Caller } from '@crucible/platform';
import { conversationRepository } from '../repositories/conversations.ts';
import { messageRepository, toDirectMessage } from '../repositories/messages.ts';
import { quotaRepository } from '../repositories/quotas.ts';
import { sendCheckRepository } from '../repositories/send-checks.ts';
import { decodeCursor, encodeCursor, sqlOnPool, type Sql } from '../repositories/sql.ts';
import { userReplica } from '../repositories/users.ts';
import { inTransaction, type DmContext } from './context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The member on the other side of a conversation: an existing member who is not the viewer, or, for
 * reading what is left of a conversation (`formerMemberToo`), one whose account was deleted.
 */
export async function requireOtherMember(
  ctx: DmContext,
  viewerId: string,
  otherId: string,
  options: { notFound?: string; formerMemberToo?: boolean } = {},
): Promise<void> {
  const notFound = () => new NotFoundError(options.notFound ?? DM_MESSAGES.userNotFound);
  if (!UUID.test(otherId)) throw notFound();
  const id = otherId.toLowerCase();
  const sql = sqlOnPool(ctx.pool);
  // A member who signed up a moment ago may not be in the replica yet: auth is asked before refusing.
  const known =
    (await userReplica.exists(sql, id)) ||
    (options.formerMemberToo && (await userReplica.isFormerMember(sql, id))) ||
    (await ctx.users.fill(id));
  if (!known) throw notFound();
  if (otherId.toLowerCase() === viewerId) throw new BadRequestError(DM_MESSAGES.notYourself);
}

class QuotaExceededError extends HttpError {
  constructor(neededBytes: number, remainingBytes: number) {
    super(413, DM_MESSAGES.quotaExceeded(neededBytes, remainingBytes), { remainingBytes, neededBytes });
  }
}

/**
 * An unverified account may be a throwaway made for spam, so it sends nothing until its e-mail is
 * verified; and each member has a send rate, so a burst to one member cannot become a flood of
 * notifications.
 */
export async function sendMessage(
  ctx: DmContext,
  sender: Pick<Caller, 'userId' | 'emailVerified'>,
  request: SendMessageRequest,
): Promise<DirectMessage> {
  const senderId = sender.userId.toLowerCase();
  if (!sender.emailVerified) throw new ForbiddenError(DM_MESSAGES.verifyEmailFirst);
  // Built only to be thrown: an error captures a stack trace, which a send that passes never needs.
  const notFound = () => new NotFoundError(DM_MESSAGES.recipientNotFound);
  if (!UUID.test(request.recipientId)) throw notFound();
  const recipientId = request.recipientId.toLowerCase();
  // The recipient's checks are read in one statement before the transaction, which then holds the
  // sender's quota row only for its writes. They take no lock, so reading them inside would not make
  // them any more current. A member who signed up a moment ago may not be in the replica yet: auth
  // is asked before refusing (as requireOtherMember does).
  const pooled = sqlOnPool(ctx.pool);
  let standing = await sendCheckRepository.standing(pooled, senderId, recipientId);
  if (!standing.known) {
    if (!(await ctx.users.fill(recipientId))) throw notFound();
    standing = await sendCheckRepository.standing(pooled, senderId, recipientId);
  }
  if (recipientId === senderId) throw new BadRequestError(DM_MESSAGES.notYourself);
  await ctx.sendLimit.consume(senderId);
  if (standing.blocked) throw new ForbiddenError(DM_MESSAGES.cannotMessage);
  if (standing.refusesDirectMessages) throw new ForbiddenError(DM_MESSAGES.directMessagesOff);
  // A deactivated or suspended member reads nothing until they are back: messages would pile up unseen.
  if (!standing.reachable) throw new ForbiddenError(DM_MESSAGES.recipientUnavailable);
  const sizeBytes = messageSizeBytes(request.content);
  return inTransaction(ctx, async (sql, emit) => {
    const newMessage = { id: randomUUID(), content: request.content, senderId, recipientId, sizeBytes };
    // Every send but a member's first needs only the one statement. The first creates the quota row
    // (or waits for a concurrent first send to commit it) and sends again.
    let message = await messageRepository.insertWithinQuota(sql, newMessage);
    if (!message) {
      await quotaRepository.ensure(sql, senderId);
      message = await messageRepository.insertWithinQuota(sql, newMessage);
    }
    if (!message) {
      const quota = await quotaRepository.find(sql, senderId);
      throw new QuotaExceededError(sizeBytes, Math.max(0, quota.max_bytes - quota.used_bytes));
    }
    await emit(SUBJECTS.dmMessageCreated, {
      id: message.id,
      content: message.content,
      senderId,
      recipientId,
      createdAt: message.createdAt,
      messageSizeBytes: sizeBytes,
    } satisfies DmMessageCreatedPayload);
    return message;
  });
}

/** A page of the viewer's conversation with otherId; a pair the viewer is not part of cannot be named. */
export async function listMessages(
  ctx: DmContext,
  viewer: Caller,
  otherId: string,
  query: MessagePageQuery,
): Promise<MessagePage> {
  const after = decodeCursor(query.cursor);
  const viewerId = viewer.userId.toLowerCase();
  await requireOtherMember(ctx, viewerId, otherId, { formerMemberToo: true });
  const rows = await messageRepository.pageOfPair(
    sqlOnPool(ctx.pool),
    viewerId,
    otherId.toLowerCase(),
    query.limit + 1,
    after,
  );
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const oldest = page.at(-1);
  return {
    messages: page.reverse().map(toDirectMessage),
    nextCursor: hasMore && oldest ? encodeCursor({ at: oldest.created_at, id: oldest.id }) : null,
    hasMore,
    ...(after
      ? {}
      : { partner: await userReplica.conversationUser(sqlOnPool(ctx.pool), viewer, otherId.toLowerCase()) }),
  };
}

/** Opening a conversation: everything the other member sent that was unread becomes Read now. */
export async function readAll(
  ctx: DmContext,
  reader: Caller,
  otherId: string,
): Promise<{ markedRead: number; readAt: string }> {
  const readerId = reader.userId;
  await requireOtherMember(ctx, readerId, otherId, { formerMemberToo: true });
  const senderId = otherId.toLowerCase();
  const readAt = new Date().toISOString();
  const messageIds = await inTransaction(ctx, async (sql, emit) => {
    // Sends to the reader wait on this row until the count below is consistent with what was marked.
    await conversationRepository.lockSide(sql, readerId, senderId);
    const ids = await messageRepository.markAllRead(sql, readerId, senderId, readAt);
    if (ids.length === 0) return ids;
    await conversationRepository.clearUnread(sql, readerId, senderId);
    await emit(SUBJECTS.dmMessageRead, { readerId, senderId, messageIds: ids, readAt } satisfies DmMessageReadPayload);
    return ids;
  });
  return { markedRead: messageIds.length, readAt };
}

/** A member deletes their own message for both members; its bytes return to their quota. */
export async function deleteOwnMessage(ctx: DmContext, caller: Caller, messageId: string): Promise<void> {
  const viewerId = caller.userId;
  const notFound = new NotFoundError(DM_MESSAGES.messageNotFound);
  if (!UUID.test(messageId)) throw notFound;
  const id = messageId.toLowerCase();
  const found = await messageRepository.findLive(sqlOnPool(ctx.pool), id);
  if (!found || found.sender_id !== viewerId) throw notFound;
  await inTransaction(ctx, async (sql, emit) => {
    await quotaRepository.lock(sql, found.sender_id);
    await conversationRepository.lockPair(sql, found.sender_id, found.recipient_id);
    const message = await messageRepository.lockLive(sql, id);
    // Deleted meanwhile by another request (or an admin): nothing left to delete.
    if (!message) throw notFound;
    await messageRepository.markDeletedBySender(sql, id);
    await releaseMessage(sql, message);
    await emit(SUBJECTS.dmMessageDeleted, {
      id,
      senderId: message.sender_id,
      recipientId: message.recipient_id,
      deletedBy: 'sender',
      deletedByAdminId: null,
      reason: null,
    } satisfies DmMessageDeletedPayload);
  });
}

/**
 * A member edits their own live message within the edit window. The quota counts the new size (a
 * larger text must fit, a smaller one frees bytes); the admin service keeps the text a report saw.
 */
export async function editOwnMessage(
  ctx: DmContext,
  caller: Caller,
  messageId: string,
  request: EditMessageRequest,
): Promise<DirectMessage> {
  const viewerId = caller.userId;
  const notFound = new NotFoundError(DM_MESSAGES.messageNotFound);
  if (!UUID.test(messageId)) throw notFound;
  const id = messageId.toLowerCase();
  const found = await messageRepository.findLive(sqlOnPool(ctx.pool), id);
  if (!found || found.sender_id !== viewerId) throw notFound;
  const sizeBytes = messageSizeBytes(request.content);
  return inTransaction(ctx, async (sql, emit) => {
    await quotaRepository.lock(sql, found.sender_id);
    await conversationRepository.lockPair(sql, found.sender_id, found.recipient_id);
    const message = await messageRepository.lockLive(sql, id);
    if (!message) throw notFound;
    const now = new Date();
    if (now.getTime() - Date.parse(message.created_at) > LIMITS.directMessage.editWindowMs)
      throw new ForbiddenError(DM_MESSAGES.editWindowPassed);
    const delta = sizeBytes - message.message_size_bytes;
    if (delta > 0 && !(await quotaRepository.reserve(sql, viewerId, delta))) {
      const quota = await quotaRepository.find(sql, viewerId);
      throw new QuotaExceededError(delta, Math.max(0, quota.max_bytes - quota.used_bytes));
    }
    if (delta < 0) await quotaRepository.release(sql, viewerId, -delta);
    const edited = await messageRepository.edit(sql, id, request.content, sizeBytes, now.toISOString());
    await conversationRepository.editMessage(sql, {
      id,
      content: request.content,
      senderId: message.sender_id,
      recipientId: message.recipient_id,
      sizeDelta: delta,
    });
    await emit(SUBJECTS.dmMessageEdited, {
      id,
      content: edited.content,
      senderId: edited.sender_id,
      recipientId: edited.recipient_id,
      createdAt: edited.created_at,
      editedAt: edited.edited_at!,
      messageSizeBytes: sizeBytes,
    } satisfies DmMessageEditedPayload);
    return toDirectMessage(edited);
  });
}

/** What a live message held: its bytes in the sender's quota and conversation, its unread mark. */
export async function releaseMessage(
  sql: Sql,
  message: { id: string; sender_id: string; recipient_id: string; message_size_bytes: number; is_read: boolean },
): Promise<void> {
  await quotaRepository.release(sql, message.sender_id, message.message_size_bytes);
  await conversationRepository.removeMessage(sql, {
    id: message.id,
    senderId: message.sender_id,
    recipientId: message.recipient_id,
    sizeBytes: message.message_size_bytes,
    wasUnread: !message.is_read,
  });
}

export async function unreadCount(ctx: DmContext, caller: Caller): Promise<{ count: number }> {
  return { count: await conversationRepository.unreadTotalOf(sqlOnPool(ctx.pool), caller.userId) };
}
