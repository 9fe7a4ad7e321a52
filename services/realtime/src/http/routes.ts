import type { Router } from 'express';
import { realtimeRoutes as routes } from '@crucible/proto';
import { createRouteMounter, type TokenVerifier } from '@crucible/platform';
import { recentChat } from '../use-cases/chat.ts';
import { chatHistoryPage } from '../use-cases/chat-history.ts';
import type { RealtimeContext } from '../use-cases/context.ts';
import { unsubscribeFromDigest } from '../use-cases/email-digest.ts';
import { preferencesOf, updatePreferences } from '../use-cases/notification-preferences.ts';
import * as notifications from '../use-cases/notifications.ts';
import { onlineUsers } from '../use-cases/users.ts';

export function registerRealtimeRoutes(router: Router, deps: { ctx: RealtimeContext; verifier: TokenVerifier }): void {
  const { ctx } = deps;
  const mount = createRouteMounter(router, { verifier: deps.verifier });

  mount(routes.listOnlineUsers, ({ caller }) => onlineUsers(ctx, caller));
  mount(routes.listChatMessages, ({ caller }) => recentChat(ctx, caller));
  mount(routes.listChatHistory, ({ query, caller }) => chatHistoryPage(ctx, caller, query));
  mount(routes.listNotificationPage, ({ query, caller }) => notifications.notificationPage(ctx, caller, query));
  mount(routes.notificationUnreadCount, ({ caller }) => notifications.unreadCount(ctx, caller));
  mount(routes.markDiscussionNotificationsRead, ({ params, caller }) =>
    notifications.readDiscussionNotifications(ctx, caller, params.discussionId),
  );
  mount(routes.getNotificationPreferences, ({ caller }) => preferencesOf(ctx, caller));
  mount(routes.updateNotificationPreferences, ({ body, caller }) => updatePreferences(ctx, caller, body));
  // The e-mail link's signed token is the credential: nobody need be signed in.
  mount(routes.unsubscribeFromDigest, ({ body }) => unsubscribeFromDigest(ctx, ctx.unsubscribeLinks, body.token));
  mount(routes.markAllNotificationsRead, ({ caller }) => notifications.markAllRead(ctx, caller));
  mount(routes.listNotifications, ({ caller }) => notifications.listNotifications(ctx, caller));
  mount(routes.markNotificationRead, ({ params, caller }) => notifications.markRead(ctx, caller, params.id));
}
