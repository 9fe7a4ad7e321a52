import { z } from 'zod';
import {
  DM_MESSAGES,
  blockedMemberSchema,
  conversationSummarySchema,
  conversationUsageSchema,
  directMessageSchema,
  editMessageSchema,
  messagePageQuerySchema,
  messagePageSchema,
  quotaSchema,
  readAllResponseSchema,
  sendMessageSchema,
} from '../dm.ts';
import { defineRoutes, pathId } from './route.ts';

const userPath = z.object({ userId: pathId(DM_MESSAGES.userNotFound) });
const messagePath = z.object({ messageId: pathId(DM_MESSAGES.messageNotFound) });
const base = '/api/direct-messages';

/** Every call the dm service answers for members; a member only ever sees their own conversations. */
export const dmRoutes = defineRoutes({
  listConversations: {
    method: 'GET',
    path: `${base}/conversations`,
    auth: 'member',
    summary: "The member's conversations, newest activity first",
    responses: { 200: z.array(conversationSummarySchema) },
  },
  unreadCount: {
    method: 'GET',
    path: `${base}/unread-count`,
    auth: 'member',
    summary: 'How many messages to the member are unread',
    responses: { 200: z.object({ count: z.number().int() }) },
  },
  getQuota: {
    method: 'GET',
    path: `${base}/quota`,
    auth: 'member',
    summary: "The member's storage quota and usage",
    responses: { 200: quotaSchema },
  },
  conversationUsage: {
    method: 'GET',
    path: `${base}/quota/conversations`,
    auth: 'member',
    summary: 'The bytes the member has sent per conversation',
    responses: { 200: z.array(conversationUsageSchema) },
  },
  listBlocked: {
    method: 'GET',
    path: `${base}/blocks`,
    auth: 'member',
    summary: 'The members this member has blocked',
    responses: { 200: z.array(blockedMemberSchema) },
  },
  block: {
    method: 'PUT',
    path: `${base}/blocks/:userId`,
    auth: 'member',
    summary: 'Block a member: neither can write to the other until it is lifted',
    pathParams: userPath,
    responses: { 200: z.array(blockedMemberSchema) },
  },
  unblock: {
    method: 'DELETE',
    path: `${base}/blocks/:userId`,
    auth: 'member',
    summary: 'Lift a block',
    pathParams: userPath,
    responses: { 204: null },
  },
  sendMessage: {
    method: 'POST',
    path: base,
    auth: 'member',
    summary: 'Send a message (413 when it would pass the quota)',
    body: sendMessageSchema,
    responses: { 201: directMessageSchema },
  },
  listMessages: {
    method: 'GET',
    path: `${base}/:userId/messages`,
    auth: 'member',
    summary: 'A page of the conversation with a member, oldest first; the cursor asks for older ones',
    pathParams: userPath,
    query: messagePageQuerySchema,
    responses: { 200: messagePageSchema },
  },
  readAll: {
    method: 'PUT',
    path: `${base}/:userId/read-all`,
    auth: 'member',
    summary: "Mark the conversation's unread messages to the member read",
    pathParams: userPath,
    responses: { 200: readAllResponseSchema },
  },
  editMessage: {
    method: 'PATCH',
    path: `${base}/:messageId`,
    auth: 'member',
    summary: "Edit one's own message within 15 minutes of sending it (403 after); the quota counts the new size",
    pathParams: messagePath,
    body: editMessageSchema,
    responses: { 200: directMessageSchema },
  },
  deleteMessage: {
    method: 'DELETE',
    path: `${base}/:messageId`,
    auth: 'member',
    summary: "Delete one's own message for both members, freeing its bytes",
    pathParams: messagePath,
    responses: { 204: null },
  },
});
