import { z } from 'zod';
import { countResponseSchema } from '../auth.ts';
import {
  NOTIFICATION_MESSAGES,
  digestUnsubscribeResponseSchema,
  digestUnsubscribeSchema,
  notificationDetailSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationPageQuerySchema,
  notificationPageSchema,
} from '../notifications.ts';
import {
  chatHistoryPageSchema,
  chatHistoryQuerySchema,
  onlineUserSchema,
  storedChatMessageSchema,
} from '../realtime.ts';
import { defineRoutes, pathId } from './route.ts';

const notificationPath = z.object({ id: pathId(NOTIFICATION_MESSAGES.notFound) });
const discussionPath = z.object({ discussionId: pathId(NOTIFICATION_MESSAGES.notFound) });

/** Every call the realtime service answers over HTTP; the live socket is described in `realtime.ts`. */
export const realtimeRoutes = defineRoutes({
  listOnlineUsers: {
    method: 'GET',
    path: '/api/users/online',
    auth: 'member',
    summary: 'Members online now (those hiding their online status are left out)',
    responses: { 200: z.array(onlineUserSchema) },
  },
  listChatMessages: {
    method: 'GET',
    path: '/api/messages',
    auth: 'member',
    summary: 'Recent community chat history, oldest first',
    responses: { 200: z.array(storedChatMessageSchema) },
  },
  listChatHistory: {
    method: 'GET',
    path: '/api/messages/history',
    auth: 'member',
    summary: 'A page of the community chat, oldest first; the cursor asks for older messages',
    query: chatHistoryQuerySchema,
    responses: { 200: chatHistoryPageSchema },
  },
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    auth: 'member',
    summary: "The member's notifications, newest first",
    responses: { 200: z.array(notificationDetailSchema) },
  },
  listNotificationPage: {
    method: 'GET',
    path: '/api/notifications/page',
    auth: 'member',
    summary: "A page of the member's notifications, newest first; unread=true for the unread only",
    query: notificationPageQuerySchema,
    responses: { 200: notificationPageSchema },
  },
  notificationUnreadCount: {
    method: 'GET',
    path: '/api/notifications/unread-count',
    auth: 'member',
    summary: "The member's unread notifications",
    responses: { 200: countResponseSchema },
  },
  markNotificationRead: {
    method: 'PUT',
    path: '/api/notifications/:id/read',
    auth: 'member',
    summary: "Marks one of the member's notifications read (another member's answers 404)",
    pathParams: notificationPath,
    responses: { 200: notificationDetailSchema },
  },
  markDiscussionNotificationsRead: {
    method: 'PUT',
    path: '/api/notifications/discussions/:discussionId/read',
    auth: 'member',
    summary: "Marks the member's notifications about a discussion read (the discussion was opened)",
    pathParams: discussionPath,
    responses: { 200: countResponseSchema },
  },
  markAllNotificationsRead: {
    method: 'PUT',
    path: '/api/notifications/read-all',
    auth: 'member',
    summary: "Marks all the member's notifications read",
    responses: { 200: countResponseSchema },
  },
  getNotificationPreferences: {
    method: 'GET',
    path: '/api/notifications/preferences',
    auth: 'member',
    summary: "How each kind of notification reaches the member (page, socket only, off) and the e-mail summary's delay",
    responses: { 200: notificationPreferencesSchema },
  },
  updateNotificationPreferences: {
    method: 'PUT',
    path: '/api/notifications/preferences',
    auth: 'member',
    summary: "Changes the member's notification preferences (the fields given); answers them all",
    body: notificationPreferencesUpdateSchema,
    responses: { 200: notificationPreferencesSchema },
  },
  unsubscribeFromDigest: {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    auth: 'public',
    summary:
      "Turns the e-mail summary off from its mail's link, without signing in (the link's signed token names the member)",
    body: digestUnsubscribeSchema,
    responses: { 200: digestUnsubscribeResponseSchema },
  },
});
