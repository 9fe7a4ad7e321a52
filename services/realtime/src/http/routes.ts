import type { Request, Router } from 'express';
import { realtimeRoutes as routes } from '@crucible/proto';
import { createRouteMounter, principalOf, type TokenVerifier } from '@crucible/platform';
import { recentChat } from '../use-cases/chat.ts';
import { chatHistoryPage } from '../use-cases/chat-history.ts';
import type { RealtimeContext } from '../use-cases/context.ts';
import { unsubscribeFromDigest } from '../use-cases/email-digest.ts';
import { preferencesOf, updatePreferences } from '../use-cases/notification-preferences.ts';
import * as notifications from '../use-cases/notifications.ts';
import { onlineUsers } from '../use-cases/users.ts';

const memberId = (req: Request): string => principalOf(req).userId.toLowerCase();

export function registerRealtimeRoutes(router: Router, deps: { ctx: RealtimeContext; verifier: TokenVerifier }): void {
  const { ctx } = deps;
  const mount = createRouteMounter(router, { verifier: deps.verifier });

  mount.raw(routes.listOnlineUsers, async (_input, req, res) => {
    res.json(await onlineUsers(ctx, principalOf(req)));
  });
  mount.raw(routes.listChatMessages, async (_input, req, res) => {
    res.json(await recentChat(ctx, principalOf(req)));
  });
  mount.raw(routes.listChatHistory, async ({ query }, req, res) => {
    res.json(await chatHistoryPage(ctx, principalOf(req), query));
  });
  mount.raw(routes.listNotificationPage, async ({ query }, req, res) => {
    res.json(await notifications.notificationPage(ctx, memberId(req), query));
  });
  mount.raw(routes.notificationUnreadCount, async (_input, req, res) => {
    res.json(await notifications.unreadCount(ctx, memberId(req)));
  });
  mount.raw(routes.markDiscussionNotificationsRead, async ({ params }, req, res) => {
    res.json(await notifications.readDiscussionNotifications(ctx, memberId(req), params.discussionId));
  });
  mount.raw(routes.getNotificationPreferences, async (_input, req, res) => {
    res.json(await preferencesOf(ctx, memberId(req)));
  });
  mount.raw(routes.updateNotificationPreferences, async ({ body }, req, res) => {
    res.json(await updatePreferences(ctx, memberId(req), body));
  });
  mount.raw(routes.unsubscribeFromDigest, async ({ body }, _req, res) => {
    res.json(await unsubscribeFromDigest(ctx, ctx.unsubscribeLinks, body.token));
  });
  mount.raw(routes.markAllNotificationsRead, async (_input, req, res) => {
    res.json(await notifications.markAllRead(ctx, memberId(req)));
  });
  mount.raw(routes.listNotifications, async (_input, req, res) => {
    res.json(await notifications.listNotifications(ctx, memberId(req)));
  });
  mount.raw(routes.markNotificationRead, async ({ params }, req, res) => {
    res.json(await notifications.markRead(ctx, memberId(req), params.id));
  });
}
